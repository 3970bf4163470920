import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdmin } from '../../../test/admin';
import { TMP_DIR } from '../../../test/global-setup';
import { APP_URL, serveApp, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { cloneDatabase, dropDatabase } from '../../../test/postgres-template';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/database';

// Two app instances on one PostgreSQL database, as two processes behind a load balancer.
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
    SESSION_SECRET: 'settings-two-instances-secret-0123456789',
    ENCRYPTION_KEY: 'ef'.repeat(32),
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

describe('a platform setting changed on one instance', () => {
  it('takes effect on the other at once: maintenance mode blocks, then frees, the very next request', async () => {
    const { client: admin } = await signInAdmin(a, 'two-instance-admin@example.com');
    const { client: user } = await signUpAndSignIn(b, 'two-instance-user@example.com');
    // B has read the settings (maintenance off) and would answer from its cache.
    expect((await user.get('/api/v1/profile')).status).toBe(200);
    expect(b.deps.bus.settingsLive()).toBe(true);

    const on = { enabled: true, message: 'Back at noon: upgrading the database.' };
    expect((await admin.put('/api/v1/admin/settings/maintenance_mode', { value: on })).status).toBe(200);
    const blocked = await user.get('/api/v1/profile');
    expect(blocked.status).toBe(503);
    expect((await blocked.json()).detail).toBe(on.message);

    const off = { ...on, enabled: false };
    expect((await admin.put('/api/v1/admin/settings/maintenance_mode', { value: off })).status).toBe(200);
    expect((await user.get('/api/v1/profile')).status).toBe(200);
  });
});
