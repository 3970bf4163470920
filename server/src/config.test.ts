import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hf-config-'));

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
      ADMIN_EMAILS: ' Ana@Example.com, bo@example.com ',
    });
    expect(config.https).toBe(true);
    expect(config.appUrl).toBe('https://health.example');
    expect(config.adminEmails).toEqual(['ana@example.com', 'bo@example.com']);
  });
});
