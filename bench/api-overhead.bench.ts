/**
 * API overhead (DESIGN §9), measured the way users load a server: the app started as `npm start` starts
 * it (its own process, server/src/main.ts), load from this process (autocannon, 50 keep-alive
 * connections), and the ceiling — a bare node:http server doing each endpoint's statement through the
 * same driver (bench/lib/bare-server.ts, also its own process) — in the same run on the same database.
 * PostgreSQL (BENCH_DATABASE_URL, when reachable), then PGlite on a data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ServerProcess, startAppProcess, startBareProcess } from './lib/app-process';
import { cpuPerRequest, cpuTicks } from './lib/cpu-ticks';
import { type LoadResult, runLoad } from './lib/load';
import { BENCH_SECRETS, ENTRY_BODY, removeBenchWrites, seedBenchDatabase } from './lib/seed';

const TARGET_RATIO = 0.5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// `BENCH_ONLY=postgres` or `pglite`; `BENCH_ENDPOINTS=profile,entries` to measure fewer.
const ONLY = process.env.BENCH_ONLY;
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
}

const ENDPOINTS: Endpoint[] = [
  { key: 'profile', label: 'GET  /api/v1/profile', app: '/api/v1/profile', bare: '/profile', method: 'GET' },
  {
    key: 'entries',
    label: 'GET  /api/v1/entries (50)',
    app: '/api/v1/entries?limit=50',
    bare: '/entries',
    method: 'GET',
  },
  {
    key: 'create',
    label: 'POST /api/v1/entries',
    app: '/api/v1/entries',
    bare: '/entries',
    method: 'POST',
    body: ENTRY_BODY(),
  },
  {
    key: 'glucose',
    label: 'GET  /api/v1/glucose/stats?days=90',
    app: '/api/v1/glucose/stats?days=90',
    bare: '/glucose/stats',
    method: 'GET',
  },
].filter((e) => !ENDPOINT_FILTER || ENDPOINT_FILTER.includes(e.key)) as Endpoint[];

type Measured = LoadResult & { cpu?: Record<string, number> };

const measureAll = async (server: ServerProcess, side: 'app' | 'bare', cookie: string) => {
  const results = new Map<string, Measured>();
  for (const e of ENDPOINTS) {
    const opts = {
      url: server.url + e[side],
      method: e.method,
      body: e.body,
      headers: { cookie, ...(e.body ? { 'content-type': 'application/json' } : {}) },
    };
    await runLoad({ ...opts, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const before = cpuTicks(server.pid);
    const result = await runLoad({ ...opts, connections: CONNECTIONS, seconds: SECONDS });
    results.set(e.key, { ...result, cpu: cpuPerRequest(before, cpuTicks(server.pid), result.completed) });
  }
  return results;
};

const cell = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(4)} ${String(r.p99).padStart(5)}`;

// Where one request's CPU goes: the server process, PostgreSQL's processes, the load generator.
const cpuCell = (r: Measured) =>
  r.cpu ? `${r.cpu.server} + ${r.cpu.postgres} + ${r.cpu.load}`.padStart(17) : '?'.padStart(17);

const report = (name: string, bare: Map<string, Measured>, app: Map<string, Measured>) => {
  console.info(`\n${name}   (req/s, p50 ms, p99 ms; ${CONNECTIONS} connections, ${SECONDS} s each)`);
  console.info(`  ${''.padEnd(36)}  ${'bare ceiling'.padEnd(17)}   ${'app'.padEnd(17)}   app/bare`);
  let failures = 0;
  for (const e of ENDPOINTS) {
    const b = bare.get(e.key)!;
    const a = app.get(e.key)!;
    failures += a.failed + b.failed;
    const fails =
      (a.failed + b.failed ? `   ${a.failed + b.failed} FAILED requests` : '') +
      (a.timedOut + b.timedOut ? `   ${a.timedOut + b.timedOut} timed out (>10 s)` : '');
    console.info(
      `  ${e.label.padEnd(36)}  ${cell(b)}   ${cell(a)}   ${(a.rps / b.rps).toFixed(2).padStart(5)}${fails}`,
    );
  }
  if ([...app.values()].some((r) => r.cpu))
    console.info(
      `  CPU µs per request (server + ${name === 'PGlite' ? 'none' : 'PostgreSQL'} + load generator):\n` +
        ENDPOINTS.map(
          (e) => `  ${e.label.padEnd(36)}  ${cpuCell(bare.get(e.key)!)}   ${cpuCell(app.get(e.key)!)}`,
        ).join('\n'),
    );
  const profile = ENDPOINTS.some((e) => e.key === 'profile')
    ? app.get('profile')!.rps / bare.get('profile')!.rps
    : undefined;
  if (profile !== undefined)
    console.info(
      `  profile read app/bare ${profile.toFixed(2)}, target ≥${TARGET_RATIO} (DESIGN §9): ${profile >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  return failures;
};

/** Seeds, measures the bare server, then the app (PGlite allows one process on its files at a time). */
const benchOne = async (name: string, target: { databaseUrl?: string; dataDir?: string }, logDir: string) => {
  const { cookie, userId } = await seedBenchDatabase(target);
  const seeded = new Date();
  const bareEnv: Record<string, string> = target.databaseUrl
    ? { BARE_DATABASE_URL: target.databaseUrl }
    : { BARE_DATA_DIR: target.dataDir! };
  const bareServer = await startBareProcess({ ...bareEnv, BARE_USER_ID: userId });
  const bare = await measureAll(bareServer, 'bare', cookie).finally(() => bareServer.close());
  await removeBenchWrites(target, userId, seeded);
  const appEnv: Record<string, string> = target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir! };
  const appServer = await startAppProcess(
    { ...appEnv, ...BENCH_SECRETS, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    join(logDir, `${name}.log`),
    APP_NODE_ARGS,
  );
  const app = await measureAll(appServer, 'app', cookie).finally(() => appServer.close());
  return report(name, bare, app);
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
