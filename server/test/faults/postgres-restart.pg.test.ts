import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../src/db/database';
import { createJobRunner, enqueueJob, type JobRunner } from '../../src/jobs/job-queue';
import { openEventStream } from '../event-stream';
import { serveApp, signUpAndSignIn, type TestClient, type TestServer, testConfig } from '../harness';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres';

// Issue 37 (Faults): the real server on a PostgreSQL cluster of the test's own, which the test stops
// and starts with pg_ctl as an operator (or a crash and a supervisor) would.

let pg: PrivatePostgres;
let db: Database;
let server: TestServer;
let alice: TestClient;
let runner: JobRunner;
const ran: string[] = [];

beforeAll(async () => {
  pg = await startPrivatePostgres();
  const logger = pino({ level: 'silent' });
  db = await openPostgres(pg.url, logger);
  await db.migrate();
  server = await serveApp(testConfig({ DATABASE_URL: pg.url }), db, logger);
  ({ client: alice } = await signUpAndSignIn(server, 'restart-faults@example.com'));
  // The job queue's loop, as main.ts runs it, with a probe kind that records each run.
  runner = createJobRunner(
    { db, logger },
    [{ kind: 'faults.probe', run: async (job) => void ran.push(job.id) }],
    {
      intervalMs: 100,
    },
  );
  runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await server?.close();
  await db?.close();
  await pg?.destroy();
});

/** The answer, or a failure when it takes longer than 10 s (the bound on a hung request). */
const within10s = async (res: Promise<Response>) => {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error('request hung for more than 10 s')), 10_000);
  });
  try {
    return await Promise.race([res, hung]);
  } finally {
    clearTimeout(timer);
  }
};

const expectUnavailable = async (res: Response) => {
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = await res.json();
  expect(body).toMatchObject({ status: 503 });
  expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|terminat|at .*\.ts/);
};

const note = (title: string) =>
  alice.post('/api/v1/notifications', { type: 'notification', title, content: '-' });

describe('a PostgreSQL restart (private cluster, pg_ctl stop and start)', () => {
  it('answers 503 problems with Retry-After while down, and serves again within 2 s of coming back', async () => {
    const stream = await openEventStream(server, alice);
    expect((await note('before')).status).toBe(201);
    await stream.waitFor(() => stream.events.find((e) => e.data?.title === 'before'));

    await pg.stop();

    const anonymous = server.client();
    await expectUnavailable(await within10s(alice.get('/api/v1/profile')));
    await expectUnavailable(await within10s(note('while down')));
    await expectUnavailable(await within10s(alice.get('/api/v1/glucose')));
    await expectUnavailable(
      await within10s(
        anonymous.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'pw-123456789' }),
      ),
    );
    // A monitor polling /api/health for a while (the outage lasts long enough for any reconnect back-off
    // to have grown): it reads "database unavailable" every time.
    for (let i = 0; i < 6; i++) {
      const health = await within10s(anonymous.get('/api/health'));
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ database: 'unavailable' });
      await new Promise((r) => setTimeout(r, 1_000));
    }

    await pg.start();
    // Normal service within 2 s: the pool replaces its dropped connections on the next request.
    const back = Date.now() + 2_000;
    let profile = await alice.get('/api/v1/profile');
    while (profile.status !== 200 && Date.now() < back) {
      await new Promise((r) => setTimeout(r, 100));
      profile = await alice.get('/api/v1/profile');
    }
    expect(profile.status).toBe(200);
    expect(await (await anonymous.get('/api/health')).json()).toEqual({ status: 'ok', database: 'ok' });
    // The write refused while down was not stored half: it is simply not there.
    const list = await (await alice.get('/api/v1/notifications')).json();
    expect(JSON.stringify(list)).not.toContain('while down');

    // The realtime stream: the listener reconnects on its own (at most 2 s apart) and the open stream
    // hears new events.
    const after = Date.now() + 4_000;
    let delivered = false;
    for (let i = 0; !delivered && Date.now() < after; i++) {
      expect((await note(`after ${i}`)).status).toBe(201);
      delivered = await stream
        .waitFor(() => stream.events.find((e) => e.data?.title === `after ${i}`), 700)
        .then(() => true)
        .catch(() => false);
    }
    expect(delivered).toBe(true);
    await stream.close();

    // The job queue's loop survived the outage: a job queued now is run.
    const id = await db.asSystem((tx) => enqueueJob(tx, { kind: 'faults.probe', userId: null }));
    const until = Date.now() + 5_000;
    while (!ran.includes(id) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(ran).toContain(id);
  });
});
