import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveApp, signUpAndSignIn, type TestClient, type TestServer, testConfig } from '../../test/harness';
import { cloneDatabase, dropDatabase } from '../../test/postgres-template';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { openPostgres, type Tx } from './database';

const base = process.env.TEST_DATABASE_URL!;

let proxy: TcpProxy;
let server: TestServer;
let dropClone: () => Promise<void>;
let signedIn: TestClient;

beforeAll(async () => {
  const clone = await cloneDatabase(base, inject('pgTemplate'));
  dropClone = async () => {
    await dropDatabase(base, clone.name);
  };
  const target = new URL(clone.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(clone.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);

  const logger = pino({ level: 'silent' });
  const db = await openPostgres(viaProxy.toString(), logger);
  const config = testConfig({ DATABASE_URL: viaProxy.toString() });
  // The harness' app (its mail log and outbox key), on a database reached through the proxy.
  const served = await serveApp(config, db, logger);
  server = {
    ...served,
    close: async () => {
      await served.close();
      await db.close();
    },
  };
  ({ client: signedIn } = await signUpAndSignIn(server, 'restart@example.com'));
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
  await dropClone?.();
});

const health = () => server.client().get('/api/health');

describe('a PostgreSQL restart', () => {
  it('is survived: 503 problems while the database is gone, 200 again once it is back', async () => {
    expect((await signedIn.get('/api/v1/profile')).status).toBe(200);
    expect((await health()).status).toBe(200);

    await proxy.stop();

    const profile = await signedIn.get('/api/v1/profile');
    expect(profile.status).toBe(503);
    expect(profile.headers.get('content-type')).toContain('application/problem+json');
    expect(await profile.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
    const down = await health();
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'degraded', database: 'unavailable' });

    await proxy.start();

    const back = await signedIn.get('/api/v1/profile');
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ displayName: 'restart' });
    expect(await (await health()).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is survived by a request caught inside its transaction when the connection drops', async () => {
    const { db } = server.deps;
    const { asUser, readAsUser } = db;
    // Fault injection: the database goes away after the request has begun its scoped work (the
    // profile read is read-only; a write would come through asUser).
    const dropFirst =
      (scoped: typeof asUser) =>
      <T>(userId: string, fn: (tx: Tx) => Promise<T>) =>
        scoped.call(db, userId, async (tx) => {
          await proxy.stop();
          return fn(tx);
        }) as Promise<T>;
    db.asUser = dropFirst(asUser);
    db.readAsUser = dropFirst(readAsUser);
    try {
      const res = await signedIn.get('/api/v1/profile');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'database_unavailable' });
      await proxy.start();
      const write = await signedIn.patch('/api/v1/profile', { displayName: 'mid-write' });
      expect(write.status).toBe(503);
    } finally {
      db.asUser = asUser;
      db.readAsUser = readAsUser;
      await proxy.start();
    }
    expect((await signedIn.get('/api/v1/profile')).status).toBe(200);
    expect(await (await signedIn.get('/api/v1/profile')).json()).toMatchObject({ displayName: 'restart' });
  });
});
