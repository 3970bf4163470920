import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
    SESSION_SECRET: 'two-instances-session-secret-0123456789',
    ENCRYPTION_KEY: 'cd'.repeat(32),
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

describe('a share changed on one instance', () => {
  it('is narrowed and then refused by the other on the very next request', async () => {
    const { client: owner } = await signUpAndSignIn(a, 'two-instance-owner@example.com');
    const res = await owner.post('/api/v1/shares', {
      email: 'two-instance-carer@example.com',
      categories: ['health_metrics', 'appointments'],
    });
    const { id, link } = await res.json();
    const path = new URL(link).pathname.replace('/shared/', '/api/v1/shared/');
    const carer = b.client();
    expect((await carer.get(`${path}/appointments`)).status).toBe(200);
    await owner.patch(`/api/v1/shares/${id}`, { categories: ['health_metrics'] });
    expect((await carer.get(`${path}/appointments`)).status).toBe(404);
    expect((await carer.get(`${path}/health-metrics`)).status).toBe(200);
    await owner.post(`/api/v1/shares/${id}/revoke`);
    const refused = await carer.get(`${path}/health-metrics`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).code).toBe('share_link_invalid');
  });
});
