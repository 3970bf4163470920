import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hf-config-'));
/** A DATA_DIR path that does not exist yet, inside a fresh scratch directory. */
const freshDataDir = () => join(dataDir(), 'nested', 'data');
const mode = (path: string) => statSync(path).mode & 0o777;
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration', () => {
  it('runs with no configuration at all: embedded database, generated secrets, port 3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      https: false,
      databaseUrl: undefined,
    });
    expect(config.sessionSecret).toHaveLength(64);
    expect(config.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps generated secrets across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(loadConfig({ DATA_DIR: dir }).sessionSecret);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', SMTP_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('names every invalid variable in one clear error', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', APP_URL: 'not a url', SESSION_SECRET: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', APP_URL: 'not a url' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/APP_URL/);
    }
  });

  it('turns on HSTS-grade settings behind https and reads the admin list case-insensitively', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      APP_URL: 'https://health.example/',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAILS: ' Ana@Example.com, bo@example.com ',
    });
    expect(config.https).toBe(true);
    expect(config.appUrl).toBe('https://health.example');
    expect(config.adminEmails).toEqual(['ana@example.com', 'bo@example.com']);
  });

  it('refuses to start with the example SESSION_SECRET from .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').match(
      /^# SESSION_SECRET=(.*)$/m,
    )?.[1];
    expect(example).toBeDefined();
    expect(refusal({ SESSION_SECRET: example })).toMatch(
      /SESSION_SECRET: is the example value from \.env\.example; generate one with `openssl rand -hex 32`/,
    );
  });

  it('refuses a guessable SESSION_SECRET: too few different characters, or a repeated phrase', () => {
    expect(refusal({ SESSION_SECRET: 'a'.repeat(40) })).toMatch(
      /SESSION_SECRET: uses fewer than 8 different characters/,
    );
    expect(refusal({ SESSION_SECRET: 'abcabcabcabcabcabcabcabcabcabcabcabc' })).toMatch(/fewer than 8/);
    for (const secret of [
      'bench-session-secret-bench-session-secret',
      '0123456789abcdef0123456789abcdef',
      'Tr0ub4dor&3Tr0ub4dor&3Tr0ub4dor&3',
    ])
      expect(refusal({ SESSION_SECRET: secret })).toMatch(/SESSION_SECRET: repeats itself/);
  });

  it('accepts what `openssl rand` makes, in hex or base64, at any usual length', () => {
    for (let i = 0; i < 50; i++)
      for (const secret of [
        randomBytes(16).toString('hex'),
        randomBytes(32).toString('hex'),
        randomBytes(24).toString('base64'),
        randomBytes(48).toString('base64url'),
      ])
        expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });

  it('refuses an https APP_URL without an explicit SESSION_SECRET, and generates nothing', () => {
    const dir = freshDataDir();
    expect(() => loadConfig({ DATA_DIR: dir, APP_URL: 'https://health.example' })).toThrow(
      /SESSION_SECRET: must be set explicitly when APP_URL is https:\/\//,
    );
    expect(existsSync(dir)).toBe(false);
    // Over plain http (a local instance) the generated secret is still fine.
    expect(loadConfig({ DATA_DIR: dir, APP_URL: 'http://192.168.1.20:3000' }).https).toBe(false);
  });

  it('creates DATA_DIR readable by the server user alone, and the generated secrets file 0600', () => {
    const dir = freshDataDir();
    loadConfig({ DATA_DIR: dir });
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'secrets.json'))).toBe(0o600);
    // With every secret given and the embedded database, the directory is still created private.
    const explicit = freshDataDir();
    loadConfig({
      DATA_DIR: explicit,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    expect(mode(explicit)).toBe(0o700);
    expect(existsSync(join(explicit, 'secrets.json'))).toBe(false);
  });
});

describe('Web Push (VAPID) keys', () => {
  it('generates a P-256 pair into DATA_DIR once (0600), takes both variables, and refuses only one', () => {
    const dir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dir }).vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4); // an uncompressed point
    expect(mode(join(dir, 'vapid.json'))).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
    expect(first.subject).toBe('mailto:no-reply@localhost');
    const given = { VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey };
    const other = freshDataDir();
    expect(loadConfig({ DATA_DIR: other, ...given }).vapid.privateKey).toBe(first.privateKey);
    expect(existsSync(join(other, 'vapid.json'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: other, VAPID_PUBLIC_KEY: first.publicKey })).toThrow(
      /set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
  });
});

describe('AI provider configuration', () => {
  it('has none by default, reads one with a vision model defaulting to the chat model, and refuses half a setup', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).ai).toBeUndefined();
    const ai = loadConfig({
      DATA_DIR: dataDir(),
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'llama3.1',
    }).ai;
    expect(ai).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      visionModel: 'llama3.1',
      timeoutMs: 60_000,
      maxRetries: 2,
      tools: true,
    });
    expect(refusal({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toContain('AI_MODEL');
    expect(refusal({ AI_BASE_URL: 'ftp://models.example', AI_MODEL: 'x' })).toContain('AI_BASE_URL');
  });
});
