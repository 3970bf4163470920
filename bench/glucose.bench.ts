/**
 * Glucose at CGM scale (issue 12, DESIGN §9): a year of 5-minute CGM data (105,120 readings) imported
 * in ≤ 3 s, statistics for 90 days in ≤ 30 ms and for 365 days in ≤ 100 ms of server time, and with
 * five years stored (525,600 readings) statistics still under a second, on PGlite and PostgreSQL.
 * Figures are printed against the budgets, never asserted.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../server/src/db/database';
import { addReadings, glucoseStats } from '../server/src/modules/glucose/glucose.service';

const FIVE_MIN = 5 * 60_000;
const YEAR = 105_120;
const BATCH = 5000;
const RUNS = 7;

interface BenchDb {
  name: string;
  db: Database;
  close: () => Promise<void>;
}

/** A plausible CGM trace: a daily sine around 140 mg/dL with noise, `count` readings ending `endMs`. */
const syntheticTrace = (count: number, endMs: number) =>
  Array.from({ length: count }, (_, i) => {
    const at = endMs - (count - 1 - i) * FIVE_MIN;
    const phase = ((at / 86_400_000) % 1) * 2 * Math.PI;
    const mgdl = Math.round(140 + 50 * Math.sin(phase) + 25 * Math.sin(i * 0.37));
    return { at: new Date(at).toISOString(), mgdl: Math.min(400, Math.max(40, mgdl)) };
  });

const createUser = async (db: Database) => {
  const { rows } = await db.owner.execute<{ id: string }>(
    sql`insert into auth.user (name, email, email_verified) values ('Bench', ${`bench-${Date.now()}@example.com`}, true) returning id`,
  );
  const id = rows[0]!.id;
  // Europe/Berlin: the AGP bins go through two DST changes a year.
  await db.asSystem((tx) =>
    tx.execute(
      sql`insert into profiles (user_id, display_name, timezone) values (${id}, 'Bench', 'Europe/Berlin')`,
    ),
  );
  return id;
};

/** Wall time and this process's CPU time (for PGlite that includes the database engine). */
interface Timing {
  wallMs: number;
  cpuMs: number;
}

const timed = async (f: () => Promise<unknown>): Promise<Timing> => {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await f();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
};

// A bench has no open pages to tell about a low-glucose follow-up.
const silent = { announce: async () => {} };

const importAll = (db: Database, userId: string, readings: { at: string; mgdl: number }[]) =>
  timed(async () => {
    for (let i = 0; i < readings.length; i += BATCH) {
      await addReadings(db, userId, { source: 'import:csv', readings: readings.slice(i, i + BATCH) }, silent);
    }
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median of the runs; the clock runs on while the bench imports, so the oldest readings may drop out. */
const timeStats = async (db: Database, userId: string, days: number, expected: number): Promise<Timing> => {
  await glucoseStats(db, userId, days);
  const runs: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    let count = 0;
    runs.push(
      await timed(async () => (count = (await glucoseStats(db, userId, days)).statistics?.count ?? 0)),
    );
    if (count < expected * 0.99) throw new Error(`expected ${expected} readings, got ${count}`);
  }
  return { wallMs: median(runs.map((r) => r.wallMs)), cpuMs: median(runs.map((r) => r.cpuMs)) };
};

// A shared machine stretches wall time; for PGlite, process CPU time is the steadier figure.
const line = (label: string, { wallMs, cpuMs }: Timing, budget: number) =>
  console.info(
    `  ${label.padEnd(52)} ${wallMs.toFixed(0).padStart(6)} ms (cpu ${cpuMs.toFixed(0).padStart(5)} ms)   budget ${budget} ms   ${wallMs <= budget ? 'met' : 'NOT met'} (${((100 * wallMs) / budget).toFixed(0)}% of budget)`,
  );

const run = async ({ name, db }: BenchDb) => {
  console.info(`\n${name}`);
  const userId = await createUser(db);
  const end = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
  const year = syntheticTrace(YEAR, end);
  line('import one year (105,120 readings, 5k batches)', await importAll(db, userId, year), 3_000);
  const again = await addReadings(
    db,
    userId,
    { source: 'import:csv', readings: year.slice(0, BATCH) },
    silent,
  );
  if (again.inserted !== 0) throw new Error('re-import was not idempotent');
  line('statistics, 90 days (25,920 readings)', await timeStats(db, userId, 90, 90 * 288), 30);
  line('statistics, 365 days (105,120 readings)', await timeStats(db, userId, 365, YEAR), 100);
  // Four earlier years, so the window is an index range within five years of data.
  await importAll(db, userId, syntheticTrace(4 * YEAR, end - YEAR * FIVE_MIN));
  line('statistics, 365 days, five years stored', await timeStats(db, userId, 365, YEAR), 100);
  line(
    'statistics over all five years (525,600 readings)',
    await timeStats(db, userId, 5 * 365, 5 * YEAR),
    1_000,
  );
};

const openScratchPostgres = async (baseUrl: string): Promise<BenchDb | undefined> => {
  const dbName = `hf_bench_glucose_${process.pid}_${Date.now()}`;
  const admin = (query: string) => {
    const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2_000 });
    return client
      .connect()
      .then(() => client.query(query))
      .finally(() => client.end());
  };
  try {
    await admin(`create database ${dbName}`);
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${baseUrl} (${(err as Error).message}); skipping it.`);
    return undefined;
  }
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const db = await openPostgres(url.toString());
  await db.migrate();
  return {
    name: 'PostgreSQL',
    db,
    close: async () => {
      await db.close();
      await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
};

const main = async () => {
  console.info(`Glucose import and statistics (median of ${RUNS} runs, server time, no HTTP)`);
  const pglite = await openPglite({});
  await pglite.migrate();
  try {
    await run({ name: 'PGlite', db: pglite, close: () => pglite.close() });
  } finally {
    await pglite.close();
  }
  const postgres = await openScratchPostgres(
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
