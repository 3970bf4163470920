import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/database';
import { isPostgres, serveApp, signUpAndSignIn, type TestClient, testConfig } from '../harness';
import { cloneDatabase, dropDatabase } from '../postgres-template';
import { TMP_DIR } from '../tmp-dir';
import { type ServerProcess, startServerProcess } from './server-process';

// Issue 37 (Faults): SIGKILL at a random moment during 1,000 concurrent writes and an import, then a
// restart, on this leg's store (the PGlite leg: the embedded store in DATA_DIR; the PostgreSQL leg:
// PostgreSQL). `npm test` runs FAULTS_ROUNDS (default 1) round; `npm run faults` runs 20.

const ROUNDS = Number(process.env.FAULTS_ROUNDS ?? 1);
const WRITES = 1_000;
const IMPORTED = 3_000;
const IN_FLIGHT = 100;
const SEED = Number(process.env.FAULTS_SEED ?? Date.now() % 1_000_000);

/** mulberry32: the kill moments follow from SEED, printed with any failure. */
const random = (() => {
  let a = SEED;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
})();

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
// Round r: its single writes a minute apart from day 4r, its import a minute apart from day 4r + 1
// (3,000 minutes: to day 4r + 3.1), so no round's readings fall in another round's ranges (with 3 days a
// round, a killed import's range held the next round's first 120 writes and read as half applied).
const ROUND_DAYS = 4;
// Every round's readings in the past, the last round's a day or more before now.
const start = Date.now() - (ROUNDS * ROUND_DAYS + 5) * DAY;
const writeAt = (round: number, i: number) => start + round * ROUND_DAYS * DAY + i * MIN;
const importAt = (round: number, i: number) => start + (round * ROUND_DAYS + 1) * DAY + i * MIN;

const dataDir = mkdtempSync(join(TMP_DIR, 'faults-kill-'));
const logFile = join(dataDir, 'server.log');
let env: Record<string, string>;
let cookies: Map<string, string>;
let dropClone = async () => {};
let server: ServerProcess | undefined;

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  // A migrated store (the test template), and a signed-in person made on it before the real server runs.
  let db: Database;
  if (isPostgres) {
    const base = process.env.TEST_DATABASE_URL!;
    const clone = await cloneDatabase(base, inject('pgTemplate'));
    dropClone = async () => void (await dropDatabase(base, clone.name));
    db = await openPostgres(clone.url, logger);
    env = { DATA_DIR: dataDir, DATABASE_URL: clone.url };
  } else {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    db = await openPglite({ dataDir, loadDataDir: template });
    env = { DATA_DIR: dataDir };
  }
  const config = testConfig(env);
  const app = await serveApp(config, db, logger);
  const { client } = await signUpAndSignIn(app, 'kill@example.com');
  cookies = client.cookies;
  await app.close();
  await db.close();
  env = { ...env, APP_URL: config.appUrl };
});

afterAll(async () => {
  await server?.kill9();
  await dropClone();
  if (!process.env.FAULTS_KEEP) rmSync(dataDir, { recursive: true, force: true });
});

const post = (client: TestClient, source: string, ats: number[]) =>
  client.post('/api/v1/glucose/readings/batch', {
    source,
    readings: ats.map((at, i) => ({ at: new Date(at).toISOString(), mgdl: 80 + (i % 100) })),
  });

/** The times of the stored readings in [from, to), a page of 1,000 at a time. */
const storedTimes = async (client: TestClient, from: number, to: number) => {
  const times = new Set<number>();
  for (let after = from; ; ) {
    const q = new URLSearchParams({
      from: new Date(after).toISOString(),
      to: new Date(to).toISOString(),
      order: 'asc',
      limit: '1000',
    });
    const res = await client.get(`/api/v1/glucose/readings?${q}`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { recordedAt: string }[] };
    for (const r of items) times.add(Date.parse(r.recordedAt));
    if (items.length < 1000) return times;
    after = Date.parse(items.at(-1)!.recordedAt) + 1;
  }
};

/** Fires the round's writes and import; kills the server after a random number of acknowledgements. */
const writeAndKill = async (round: number) => {
  const client = server!.client(cookies);
  const acknowledged: number[] = [];
  const killAfter = Math.floor(random() * WRITES);
  let killed: Promise<void> | undefined;
  const importAfter = Math.floor(random() * killAfter);
  let importSent: Promise<Response | undefined> | undefined;
  const sendImport = () => {
    const ats = Array.from({ length: IMPORTED }, (_, i) => importAt(round, i));
    importSent = post(client, 'import:libreview', ats).catch(() => undefined);
  };
  let next = 0;
  const worker = async () => {
    while (next < WRITES && !killed) {
      const i = next++;
      if (i === importAfter) sendImport();
      const res = await post(client, 'import:csv', [writeAt(round, i)]).catch(() => undefined);
      if (res && res.status >= 200 && res.status < 300) acknowledged.push(writeAt(round, i));
      if (acknowledged.length >= killAfter) killed ??= server!.kill9();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  killed ??= server!.kill9();
  await killed;
  const imported = await importSent;
  return { acknowledged, importAcknowledged: imported !== undefined && imported.status === 200 };
};

describe(`SIGKILL during writes (${isPostgres ? 'PostgreSQL' : 'the embedded store'})`, () => {
  it(
    `keeps every acknowledged write and no half import over ${ROUNDS} kills (seed ${SEED})`,
    async () => {
      const acknowledged: Awaited<ReturnType<typeof writeAndKill>>[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        // Every start after a kill must open the store cleanly and serve.
        server = await startServerProcess(env, logFile);
        const client = server.client(cookies);
        for (let r = 0; r < round; r++) {
          const stored = await storedTimes(client, writeAt(r, 0), writeAt(r, WRITES));
          const lost = acknowledged[r]!.acknowledged.filter((at) => !stored.has(at));
          expect(lost, `round ${r} (seed ${SEED}): acknowledged writes lost`).toEqual([]);
          const imported = (await storedTimes(client, importAt(r, 0), importAt(r, IMPORTED))).size;
          expect([0, IMPORTED], `round ${r} (seed ${SEED}): import half applied`).toContain(imported);
          // An import answered 200 is there whole.
          if (acknowledged[r]!.importAcknowledged) expect(imported).toBe(IMPORTED);
        }
        if (round === ROUNDS) break;
        acknowledged.push(await writeAndKill(round));
      }
      await server?.stop();
      server = undefined;
    },
    120_000 * (ROUNDS + 1),
  );
});
