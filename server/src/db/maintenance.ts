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
 * engine, has no autovacuum at all. Runs after the request, on the owner connection, one at a time
 * per table with at most one more queued; VACUUM only reads pages not yet all-visible, so each costs
 * about what was just written. A failure is logged and forgotten: it only delays the speed-up.
 */
export const createSettler = (owner: Db, onError: (err: unknown) => void) => {
  const running = new Map<SettledTable, Promise<void>>();
  const queued = new Set<SettledTable>();
  const vacuum = (table: SettledTable): Promise<void> =>
    owner
      .execute(sql.raw(`vacuum ${table}`))
      .then(
        () => undefined,
        (err: unknown) => onError(err),
      )
      .finally(() => {
        running.delete(table);
        if (queued.delete(table)) settle(table);
      });
  const settle = (table: SettledTable) => {
    if (running.has(table)) queued.add(table);
    else running.set(table, vacuum(table));
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
