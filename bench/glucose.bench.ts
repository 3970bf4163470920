/**
 * Glucose budgets (DESIGN §9): statistics over 90 days of 5-minute CGM data (25,920 readings) within
 * 100 ms of server time and over a year (105,120) within 400 ms; a one-year import within 10 s on
 * PostgreSQL. Figures are printed against the budgets, never asserted.
 */
import { sql } from 'drizzle-orm';
import { addReadings, glucoseStats } from '../server/src/modules/glucose/glucose.service';
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from './lib/databases';

const FIVE_MIN = 5 * 60_000;
const BATCH = 5000;

/** A plausible CGM trace: a daily sine around 140 mg/dL with noise, ending now. */
const syntheticYear = (count: number) => {
  const end = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
  return Array.from({ length: count }, (_, i) => {
    const at = end - (count - 1 - i) * FIVE_MIN;
    const phase = ((at / 86_400_000) % 1) * 2 * Math.PI;
    const mgdl = Math.round(140 + 50 * Math.sin(phase) + 25 * Math.sin(i * 0.37));
    return { at: new Date(at).toISOString(), mgdl: Math.min(400, Math.max(40, mgdl)) };
  });
};

const createUser = async (bench: BenchDatabase) => {
  const { rows } = await bench.db.owner.execute<{ id: string }>(
    sql`insert into auth.user (name, email, email_verified) values ('Bench', ${`bench-${Date.now()}@example.com`}, true) returning id`,
  );
  const id = rows[0]!.id;
  await bench.db.asSystem((tx) =>
    tx.execute(sql`insert into profiles (user_id, display_name) values (${id}, 'Bench')`),
  );
  return id;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const timeStats = async (bench: BenchDatabase, userId: string, days: number, runs = 7) => {
  await glucoseStats(bench.db, userId, days);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const stats = await glucoseStats(bench.db, userId, days);
    times.push(performance.now() - t);
    if (!stats.statistics) throw new Error('no statistics computed');
  }
  return median(times);
};

const line = (label: string, ms: number, budget: number) =>
  console.info(
    `  ${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms   budget ${budget} ms   ${ms <= budget ? 'met' : 'NOT met'} (${((100 * ms) / budget).toFixed(0)}% of budget)`,
  );

const run = async (bench: BenchDatabase) => {
  console.info(`\n${bench.name}`);
  const userId = await createUser(bench);
  const readings = syntheticYear(105_120);
  const t = performance.now();
  for (let i = 0; i < readings.length; i += BATCH) {
    await addReadings(bench.db, userId, { source: 'import:csv', readings: readings.slice(i, i + BATCH) });
  }
  line('import one year (105,120 readings, 5k batches)', performance.now() - t, 10_000);
  const again = await addReadings(bench.db, userId, {
    source: 'import:csv',
    readings: readings.slice(0, BATCH),
  });
  if (again.inserted !== 0) throw new Error('re-import was not idempotent');
  line('statistics, 90 days (25,920 readings)', await timeStats(bench, userId, 90), 100);
  line('statistics, 365 days (105,120 readings)', await timeStats(bench, userId, 365), 400);
};

const main = async () => {
  console.info('Glucose statistics and import (median of 7 runs, server time, no HTTP)');
  const pglite = await openBenchPglite();
  try {
    await run(pglite);
  } finally {
    await pglite.close();
  }
  const postgres = await openBenchPostgres(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  if (postgres) {
    try {
      await run(postgres);
    } finally {
      await postgres.close();
    }
  }
};

await main();
