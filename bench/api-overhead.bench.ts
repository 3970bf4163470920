/**
 * API overhead (DESIGN §9): an authenticated GET /api/v1/profile through the real app, against a bare
 * node:http server doing the same indexed point read with the same driver, on PGlite and then on
 * PostgreSQL (BENCH_DATABASE_URL, when reachable). Prints requests/s, p50, p99 and the ratio.
 */
import { startAppServer } from './lib/app-server';
import { startBareServer } from './lib/bare-server';
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from './lib/databases';
import { type LoadResult, runLoad } from './lib/load';

const TARGET_RATIO = 0.5;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_MS = 6_000;
const WARMUP = { requests: 300, concurrency: CONCURRENCY, maxMs: 2_000 };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms` +
  `   (${r.completed} ok${r.errors ? `, ${r.errors} FAILED` : ''} in ${r.seconds.toFixed(1)} s)`;

const measure = async (url: string, headers: Record<string, string> = {}) => {
  await runLoad({ url, headers, ...WARMUP });
  return runLoad({ url, headers, requests: REQUESTS, concurrency: CONCURRENCY, maxMs: MAX_MS });
};

const benchOne = async (bench: BenchDatabase) => {
  const app = await startAppServer(bench.db, bench.url);
  const bare = await startBareServer(bench.pointRead, app.userId);
  try {
    const bareResult = await measure(bare.url);
    const appResult = await measure(app.url, { cookie: app.cookie });
    const ratio = appResult.rps / bareResult.rps;
    console.info(`\n${bench.name}`);
    console.info(`  bare node:http + point read  ${fmt(bareResult)}`);
    console.info(`  app GET /api/v1/profile      ${fmt(appResult)}`);
    console.info(
      `  ratio app/bare ${(ratio * 100).toFixed(0)}%   target ≥${TARGET_RATIO * 100}% (DESIGN §9): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    return appResult.errors + bareResult.errors;
  } finally {
    await bare.close();
    await app.close();
  }
};

const main = async () => {
  console.info(
    `API overhead: ${REQUESTS} requests per side (or ${MAX_MS / 1000} s), concurrency ${CONCURRENCY}, loopback`,
  );
  let failures = 0;
  for (const open of [openBenchPglite, () => openBenchPostgres(PG_URL)]) {
    const bench = await open();
    if (!bench) continue;
    try {
      failures += await benchOne(bench);
    } finally {
      await bench.close();
    }
  }
  // Failed requests would make the figures meaningless, so they fail the run.
  if (failures > 0) process.exitCode = 1;
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
