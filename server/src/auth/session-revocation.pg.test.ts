import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TMP_DIR } from '../../test/global-setup';
import {
  APP_URL,
  PASSWORD,
  serveApp,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { cloneDatabase, dropDatabase } from '../../test/postgres-template';
import { loadConfig } from '../config';
import { openPostgres } from '../db/database';

// Two app instances on one PostgreSQL database, as two processes behind a load balancer would be:
// each with its own pool, bus listener and session cache.
const base = process.env.TEST_DATABASE_URL!;
let dropClone: () => Promise<void>;
let a: TestServer;
let b: TestServer;

const startInstance = async (url: string): Promise<TestServer> => {
  const logger = pino({ level: 'silent' });
  const db = await openPostgres(url, logger);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(TMP_DIR, 'data-')),
    APP_URL,
    LOG_LEVEL: 'silent',
    // Instances of one deployment share their secrets (each would otherwise generate its own).
    SESSION_SECRET: 'two-instances-session-secret-0123456789',
    ENCRYPTION_KEY: 'ab'.repeat(32),
  });
  const server = await serveApp({ ...config, databaseUrl: url }, db, logger);
  return {
    ...server,
    close: async () => {
      await server.close();
      await db.close();
    },
  };
};

/** The same browser's cookies, sent to the other instance. */
const onInstance = (server: TestServer, client: TestClient) => {
  const other = server.client();
  other.cookies = new Map(client.cookies);
  return other;
};

beforeAll(async () => {
  const clone = await cloneDatabase(base, inject('pgTemplate'));
  dropClone = async () => void (await dropDatabase(base, clone.name));
  a = await startInstance(clone.url);
  b = await startInstance(clone.url);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await dropClone?.();
});

describe('a session revoked on one instance', () => {
  it('is refused by the other on the very next request after sign-out', async () => {
    const { client } = await signUpAndSignIn(a, 'two-instances@example.com');
    const viaB = onInstance(b, client);
    // Resolved (and remembered) by both instances first.
    for (let i = 0; i < 3; i++) {
      expect((await viaB.get('/api/v1/profile')).status).toBe(200);
      expect((await client.get('/api/v1/profile')).status).toBe(200);
    }
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await viaB.get('/api/v1/profile')).status).toBe(401);
    expect((await onInstance(a, viaB).get('/api/v1/profile')).status).toBe(401);
  });

  it('is refused by the other after "sign out of all other sessions" and after a password change', async () => {
    const { client: phone } = await signUpAndSignIn(a, 'revoke-others@example.com');
    const laptop = b.client();
    await laptop.post('/api/auth/sign-in/email', { email: 'revoke-others@example.com', password: PASSWORD });
    const tablet = b.client();
    await tablet.post('/api/auth/sign-in/email', { email: 'revoke-others@example.com', password: PASSWORD });
    expect((await laptop.get('/api/v1/profile')).status).toBe(200);
    expect((await tablet.get('/api/v1/profile')).status).toBe(200);

    expect((await phone.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await laptop.get('/api/v1/profile')).status).toBe(401);
    expect((await phone.get('/api/v1/profile')).status).toBe(200);

    const again = b.client();
    await again.post('/api/auth/sign-in/email', { email: 'revoke-others@example.com', password: PASSWORD });
    expect((await again.get('/api/v1/profile')).status).toBe(200);
    const changed = await phone.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Quiet-Harbor-77',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await again.get('/api/v1/profile')).status).toBe(401);
  });
});
