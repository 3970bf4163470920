import pino from 'pino';
import { inject } from 'vitest';
import { openPostgres } from '../src/db/database';
import { serveApp, type TestServer, testConfig } from './harness';
import { cloneDatabase, dropDatabase } from './postgres-template';

/** One app instance on `url` with its own pool, bus listener and caches, as one process would be. */
const startInstance = async (url: string): Promise<TestServer> => {
  const logger = pino({ level: 'silent' });
  const db = await openPostgres(url, logger);
  const config = testConfig({
    // Instances of one deployment share their secrets (each would otherwise generate its own).
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

/** Two app instances on one fresh PostgreSQL database (a clone of the template); `close` drops it. */
export const startTwoInstances = async () => {
  const base = process.env.TEST_DATABASE_URL!;
  const clone = await cloneDatabase(base, inject('pgTemplate'));
  const a = await startInstance(clone.url);
  const b = await startInstance(clone.url);
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await dropDatabase(base, clone.name);
    },
  };
};
