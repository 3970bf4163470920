import { sql } from 'drizzle-orm';
import type { Db } from './database';

/** Tables whose bulk writes are worth settling at once (a fixed list: the name goes into SQL). */
export type SettledTable = 'glucose_readings';

/** Rows a write must add before the table is vacuumed after it. */
export const BULK_ROWS = 1_000;

/**
 * After a bulk insert (a CGM import), `VACUUM` the table so its new pages are marked all-visible:
 * statistics over a window are index-only scans (the key carries the value), which must otherwise
 * visit every new row's heap page until autovacuum gets round to it — and PGlite, a single-user
 * engine, has no autovacuum at all. Once the table has grown by as many rows as it had at its last
 * analysis, `ANALYZE` too: without row estimates the planner sorts a year of readings to group them
 * instead of hashing them (twice the time on PGlite). Runs after the request, on the owner
 * connection, one at a time per table with at most one more queued; VACUUM only reads pages not yet
 * all-visible, so each costs about what was just written. A failure is logged and forgotten: it only
 * delays the speed-up.
 */
export const createSettler = (owner: Db, onError: (err: unknown) => void) => {
  const running = new Map<SettledTable, Promise<void>>();
  const queued = new Set<SettledTable>();
  /** Rows written since the last analysis, and the table's rows at that analysis. */
  const grown = new Map<SettledTable, number>();
  const analysed = new Map<SettledTable, number>();
  const tuples = async (table: SettledTable) => {
    const { rows } = await owner.execute<{ n: number }>(
      sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = ${table}::regclass`,
    );
    return Number(rows[0]?.n ?? 0);
  };
  const vacuum = async (table: SettledTable) => {
    if (!analysed.has(table)) analysed.set(table, await tuples(table));
    const analyse = (grown.get(table) ?? 0) >= Math.max(BULK_ROWS, analysed.get(table) ?? 0);
    grown.set(table, 0);
    await owner.execute(sql.raw(analyse ? `vacuum (analyze) ${table}` : `vacuum ${table}`));
    if (analyse) analysed.set(table, await tuples(table));
  };
  const start = (table: SettledTable) =>
    vacuum(table)
      .catch(onError)
      .finally(() => {
        running.delete(table);
        if (queued.delete(table)) running.set(table, start(table));
      });
  const settle = (table: SettledTable, rows: number) => {
    grown.set(table, (grown.get(table) ?? 0) + rows);
    if (running.has(table)) queued.add(table);
    else running.set(table, start(table));
  };
  return {
    settle,
    /** Resolves when nothing is running (tests and shutdown). */
    idle: async () => {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
};

const HOUSEKEEPING_EVERY_MS = 6 * 60 * 60_000;
const FIRST_HOUSEKEEPING_MS = 5 * 60_000;

/**
 * PGlite runs PostgreSQL single-user, without the autovacuum daemon: nothing would ever reclaim
 * updated and deleted rows, mark pages all-visible or refresh the planner's statistics. The embedded
 * server does it itself, 5 minutes after start and then every 6 hours (`VACUUM (ANALYZE)`; requests
 * wait while it runs, usually well under a second for a personal database). PostgreSQL servers keep
 * their own autovacuum.
 */
export const startEmbeddedHousekeeping = (owner: Db, onError: (err: unknown) => void) => {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = owner.execute(sql.raw('vacuum (analyze)')).then(() => undefined, onError);
  };
  const first = setTimeout(run, FIRST_HOUSEKEEPING_MS);
  const every = setInterval(run, HOUSEKEEPING_EVERY_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
};
