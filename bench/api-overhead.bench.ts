/**
 * API overhead (DESIGN §9), measured the way users load a server: the app started as `npm start` starts
 * it (its own process, server/src/main.ts), load from this process (autocannon, 50 keep-alive
 * connections), and the ceiling — a bare node:http server doing each endpoint's statement through the
 * same driver (bench/lib/bare-server.ts, also its own process) — in the same run on the same database.
 * PostgreSQL (BENCH_DATABASE_URL, when reachable), then PGlite on a data directory.
 * Writes at scale (issue 31), on PostgreSQL: entries from BENCH_WRITE_USERS users at once, Nightscout
 * uploads from BENCH_NS_CREDENTIALS credentials at once, and an ingest run of BENCH_UPLOADERS uploaders
 * each sending BENCH_READINGS_PER_UPLOADER readings (its load in a child process, bench/lib/ingest-load.ts).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ServerProcess, startAppProcess, startBareProcess } from './lib/app-process';
import { cpuPerRequest, cpuTicks } from './lib/cpu-ticks';
import type { IngestJob, IngestResult } from './lib/ingest-load';
import { type LoadOptions, type LoadResult, runLoad } from './lib/load';
import { BENCH_SECRETS, ENTRY_BODY, removeBenchWrites, seedBenchDatabase } from './lib/seed';
import { INGEST_DEVICE, nsReading, seedUploaders, seedWriteUsers, type Uploader } from './lib/seed-scale';

// Issue 31's numbers are the defaults.
const WRITE_USERS = Number(process.env.BENCH_WRITE_USERS ?? 20);
const NS_CREDENTIALS = Number(process.env.BENCH_NS_CREDENTIALS ?? 500);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 2_000);
const READINGS_PER_UPLOADER = Number(process.env.BENCH_READINGS_PER_UPLOADER ?? 288);
const INGEST_TARGET = { readingsPerSecond: 2_000, p99Ms: 250 };
// Readings per upload request: 12, an hour of readings, as a phone catching up on a day sends them
// (xDrip4iOS sends up to 300 at once; 1 is a phone in step with its sensor, one every five minutes),
// and the ingest's offered rate in readings a second (0: closed loop, each uploader sending its next
// request when the last was answered).
const READINGS_PER_REQUEST = Number(process.env.BENCH_READINGS_PER_REQUEST ?? 12);
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? INGEST_TARGET.readingsPerSecond);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// `BENCH_ONLY=postgres` or `pglite`; `BENCH_ENDPOINTS=profile,entries` to measure fewer.
const ONLY = process.env.BENCH_ONLY;
// (also writes, ns, ingest: the writes-at-scale lines, PostgreSQL only)
const ENDPOINT_FILTER = process.env.BENCH_ENDPOINTS?.split(',');
// Extra node flags for the app process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
const APP_NODE_ARGS = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

interface Endpoint {
  key: string;
  label: string;
  app: string;
  bare: string;
  method: 'GET' | 'POST';
  body?: string;
  /** app/bare at or above this prints PASS, else BELOW (a figure, never a failed run). */
  target?: number;
  connections?: number;
  /** Each connection's own user or credential (and path, body) on either side. */
  perConnection?: (side: 'app' | 'bare') => LoadOptions['perConnection'] & {};
}

/** Who the writers' lines write as: signed-in users (cookies) and upload credentials, seeded first. */
interface Writers {
  users: { cookie: string; userId: string }[];
  uploaders: Uploader[];
}

const wanted = (key: string) => !ENDPOINT_FILTER || ENDPOINT_FILTER.includes(key);

// Unique reading times per credential for the whole run (a replay would be a no-op insert): whole
// seconds back from now. (The ingest uploads as another device, so its readings never meet these.)
const nsSent = new Map<string, number>();
const nsStart = Math.floor(Date.now() / 1000) * 1000;
const nextNsReading = (slug: string) => {
  const n = (nsSent.get(slug) ?? 0) + 1;
  nsSent.set(slug, n);
  return nsReading(nsStart - n * 1000, 110 + (n % 40));
};

const endpointsFor = (writers?: Writers): Endpoint[] =>
  [
    {
      key: 'profile',
      label: 'GET  /api/v1/profile',
      app: '/api/v1/profile',
      bare: '/profile',
      method: 'GET' as const,
      target: 0.5,
    },
    {
      key: 'entries',
      label: 'GET  /api/v1/entries (50)',
      app: '/api/v1/entries?limit=50',
      bare: '/entries',
      method: 'GET' as const,
    },
    {
      key: 'create',
      label: 'POST /api/v1/entries',
      app: '/api/v1/entries',
      bare: '/entries',
      method: 'POST' as const,
      body: ENTRY_BODY(),
    },
    {
      key: 'glucose',
      label: 'GET  /api/v1/glucose/stats?days=90',
      app: '/api/v1/glucose/stats?days=90',
      bare: '/glucose/stats',
      method: 'GET' as const,
    },
    ...(writers
      ? [
          {
            key: 'writes',
            label: `POST /api/v1/entries, ${writers.users.length} users`,
            app: '/api/v1/entries',
            bare: '/entries',
            method: 'POST' as const,
            body: ENTRY_BODY(),
            target: 0.25,
            // Connections take the users' cookies in turn; the bare server reads the user from a header.
            perConnection: () => (i: number) => {
              const u = writers.users[i % writers.users.length]!;
              return { headers: { cookie: u.cookie, 'x-bench-user': u.userId }, body: () => ENTRY_BODY() };
            },
          },
          {
            key: 'ns',
            label: `POST NS v1 entries, ${Math.min(NS_CREDENTIALS, writers.uploaders.length)} creds`,
            app: '/ns/{slug}/api/v1/entries',
            bare: '/ns-entries',
            method: 'POST' as const,
            target: 0.25,
            connections: Math.min(NS_CREDENTIALS, writers.uploaders.length),
            perConnection: (side: 'app' | 'bare') => (i: number) => {
              const u = writers.uploaders[i % NS_CREDENTIALS]!;
              return {
                path: side === 'app' ? `/ns/${u.slug}/api/v1/entries` : '/ns-entries',
                headers: {
                  'content-type': 'application/json',
                  'api-secret': u.apiSecret,
                  // Each phone its own address (the app trusts one proxy here): 10.1.x.y.
                  'x-forwarded-for': `10.1.${i >> 8}.${i & 255}`,
                  'x-bench-user': u.userId,
                },
                body: () => nextNsReading(u.slug),
              };
            },
          },
        ]
      : []),
  ].filter((e) => wanted(e.key));

type Measured = LoadResult & { cpu?: Record<string, number> };

const measureAll = async (
  server: ServerProcess,
  side: 'app' | 'bare',
  cookie: string,
  endpoints: Endpoint[],
) => {
  const results = new Map<string, Measured>();
  for (const e of endpoints) {
    const opts = {
      url: server.url + e[side],
      method: e.method,
      body: e.body,
      headers: { cookie, ...(e.body ? { 'content-type': 'application/json' } : {}) },
      connections: e.connections ?? CONNECTIONS,
      perConnection: e.perConnection?.(side),
    };
    await runLoad({ ...opts, seconds: WARMUP_SECONDS });
    const before = cpuTicks(server.pid);
    const result = await runLoad({ ...opts, seconds: SECONDS });
    results.set(e.key, { ...result, cpu: cpuPerRequest(before, cpuTicks(server.pid), result.completed) });
  }
  return results;
};

const cell = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(4)} ${String(r.p99).padStart(5)}`;

// Where one request's CPU goes: the server process, PostgreSQL's processes, the load generator.
const cpuCell = (r: Measured) =>
  r.cpu ? `${r.cpu.server} + ${r.cpu.postgres} + ${r.cpu.load}`.padStart(17) : '?'.padStart(17);

const verdict = (ratio: number, target?: number) =>
  target === undefined ? '' : `  ≥${target} ${ratio >= target ? 'PASS' : 'BELOW'}`;

const report = (
  name: string,
  endpoints: Endpoint[],
  bare: Map<string, Measured>,
  app: Map<string, Measured>,
) => {
  console.info(
    `\n${name}   (req/s, p50 ms, p99 ms; ${CONNECTIONS} connections unless named, ${SECONDS} s each)`,
  );
  console.info(`  ${''.padEnd(36)}  ${'bare ceiling'.padEnd(17)}   ${'app'.padEnd(17)}   app/bare`);
  let failures = 0;
  for (const e of endpoints) {
    const b = bare.get(e.key)!;
    const a = app.get(e.key)!;
    failures += a.failed + b.failed;
    const fails =
      (a.failed + b.failed ? `   ${a.failed + b.failed} FAILED requests` : '') +
      (a.timedOut + b.timedOut ? `   ${a.timedOut + b.timedOut} timed out (>10 s)` : '');
    const ratio = a.rps / b.rps;
    console.info(
      `  ${e.label.padEnd(36)}  ${cell(b)}   ${cell(a)}   ${ratio.toFixed(2).padStart(5)}${verdict(ratio, e.target)}${fails}`,
    );
  }
  if ([...app.values()].some((r) => r.cpu))
    console.info(
      `  CPU µs per request (server + ${name === 'PGlite' ? 'none' : 'PostgreSQL'} + load generator):\n` +
        endpoints
          .map((e) => `  ${e.label.padEnd(36)}  ${cpuCell(bare.get(e.key)!)}   ${cpuCell(app.get(e.key)!)}`)
          .join('\n'),
    );
  return failures;
};

/**
 * The ingest run against the app: every uploader sends its readings one request at a time, all at
 * once, from a child process (bench/lib/ingest-load.ts). Prints readings/s, p50/p99 and errors against
 * the targets, and CPU per reading (server + PostgreSQL + the load process). Errors are wrong answers.
 */
const ingest = async (server: ServerProcess, databaseUrl: string, uploaders: Uploader[]) => {
  const job: IngestJob = {
    url: server.url,
    uploaders: uploaders.slice(0, UPLOADERS).map(({ slug, apiSecret }) => ({ slug, apiSecret })),
    readingsPerUploader: READINGS_PER_UPLOADER,
    perRequest: READINGS_PER_REQUEST,
    rate: INGEST_RATE,
  };
  const child = fork(join(import.meta.dirname, 'lib/ingest-load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) => fail(new Error(`the ingest load exited with ${code}`))),
  );
  exited.catch(() => {});
  const message = () => Promise.race([new Promise((done) => child.once('message', done)), exited]);
  // Every answered upload must have stored its reading (each is new): checked by counting.
  const uploaded = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from glucose_readings where source = 'device:nightscout:${INGEST_DEVICE}'`,
      );
      return rows[0].n as number;
    } finally {
      await client.end();
    }
  };
  try {
    await message(); // ready
    const storedBefore = await uploaded();
    const before = cpuTicks(server.pid, child.pid);
    child.send(job);
    const result = (await message()) as IngestResult;
    const stored = (await uploaded()) - storedBefore;
    const cpu = cpuPerRequest(before, cpuTicks(server.pid, child.pid), result.readings);
    const rate = result.readings / result.seconds;
    // An open loop never answers faster than it offers, and its span ends with the last answer: it
    // sustains the target when it offers at least that much and answers within 1% of what it offered.
    const sustained =
      job.rate > 0
        ? job.rate >= INGEST_TARGET.readingsPerSecond && rate >= job.rate * 0.99
        : rate >= INGEST_TARGET.readingsPerSecond;
    const ok = sustained && result.p99 < INGEST_TARGET.p99Ms && !result.errors;
    console.info(
      `  ingest: ${job.uploaders.length} uploaders × ${READINGS_PER_UPLOADER} readings, ${job.perRequest} a request, ` +
        `${job.rate > 0 ? `offered at ${job.rate} readings/s (open loop)` : 'each uploader sending as soon as answered (closed loop)'}\n` +
        `    ${rate.toFixed(0)} readings/s (${result.readings} in ${result.seconds.toFixed(1)} s), ` +
        `p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors` +
        `${result.firstError ? ` (first: ${result.firstError})` : ''}, ${stored} stored\n` +
        `    target ≥${INGEST_TARGET.readingsPerSecond} readings/s, p99 < ${INGEST_TARGET.p99Ms} ms, 0 errors: ${ok ? 'PASS' : 'BELOW'}\n` +
        `    CPU µs per reading (server + PostgreSQL + load process): ${cpu ? `${cpu.server} + ${cpu.postgres} + ${cpu.load}` : '?'}`,
    );
    return result.errors + Math.abs(stored - result.readings);
  } finally {
    child.kill();
  }
};

/** Seeds, measures the bare server, then the app (PGlite allows one process on its files at a time). */
const benchOne = async (name: string, target: { databaseUrl?: string; dataDir?: string }, logDir: string) => {
  const { cookie, userId } = await seedBenchDatabase(target);
  // Writes at scale on PostgreSQL only: PGlite is one engine on one connection (a household's server).
  const scale = target.databaseUrl && (wanted('writes') || wanted('ns') || wanted('ingest'));
  const writers: Writers | undefined = scale
    ? {
        users: wanted('writes') ? await seedWriteUsers(target, WRITE_USERS) : [],
        uploaders:
          wanted('ns') || wanted('ingest')
            ? await seedUploaders(
                target,
                Math.max(wanted('ns') ? NS_CREDENTIALS : 0, wanted('ingest') ? UPLOADERS : 0),
              )
            : [],
      }
    : undefined;
  const endpoints = endpointsFor(writers).filter(
    (e) => (e.key !== 'writes' || writers?.users.length) && (e.key !== 'ns' || writers?.uploaders.length),
  );
  const seeded = new Date();
  const bareEnv: Record<string, string> = target.databaseUrl
    ? { BARE_DATABASE_URL: target.databaseUrl }
    : { BARE_DATA_DIR: target.dataDir! };
  const bareServer = await startBareProcess({ ...bareEnv, BARE_USER_ID: userId });
  const bare = await measureAll(bareServer, 'bare', cookie, endpoints).finally(() => bareServer.close());
  await removeBenchWrites(target, seeded);
  const appEnv: Record<string, string> = target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir! };
  const appServer = await startAppProcess(
    // One trusted proxy: the uploaders' X-Forwarded-For gives each phone its own address.
    { ...appEnv, ...BENCH_SECRETS, TRUST_PROXY: '1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    join(logDir, `${name}.log`),
    APP_NODE_ARGS,
  );
  try {
    const app = await measureAll(appServer, 'app', cookie, endpoints);
    let failures = report(name, endpoints, bare, app);
    if (writers?.uploaders.length && wanted('ingest'))
      failures += await ingest(appServer, target.databaseUrl!, writers.uploaders);
    return failures;
  } finally {
    await appServer.close();
  }
};

const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

const benchPostgres = async (logDir: string) => {
  const name = `hf_bench_${process.pid}_${Date.now()}`;
  try {
    await admin(`create database ${name}`);
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${PG_URL} (${(err as Error).message}); skipping it.`);
    return 0;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await benchOne('PostgreSQL', { databaseUrl: url.toString() }, logDir);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
};

const benchPglite = async (logDir: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-bench-pglite-'));
  try {
    return await benchOne('PGlite', { dataDir }, logDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const logDir = mkdtempSync(join(tmpdir(), 'hf-bench-logs-'));
  console.info(`API overhead: the app's and the bare server's logs go to ${logDir}`);
  let failures = 0;
  if (ONLY !== 'pglite') failures += await benchPostgres(logDir);
  if (ONLY !== 'postgres') failures += await benchPglite(logDir);
  // Failed requests would make the figures meaningless, so they fail the run.
  process.exit(failures > 0 ? 1 : 0);
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
