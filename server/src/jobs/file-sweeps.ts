import type { Logger } from 'pino';
import type { AppDeps } from '../app-deps';
import { pruneSpentCounters } from '../auth/limiter-store';
import { sweepUncitedMealPhotos } from '../modules/ai/meal-analysis.service';
import { pruneOldAlarms } from '../modules/alarms/alarms.repository';
import { pruneOldClientIds } from '../modules/entries/client-ids.repository';
import { sweepSpentPackets } from '../modules/packets/packet-sweep';
import { sweepExpiredExports } from '../modules/record-export/record-export-sweep';
import { repeatEvery } from './repeat';

type SweepDeps = Pick<AppDeps, 'db' | 'storage'>;

/** Stored files nothing will show again, each kind with the rule that finds and deletes them. */
const SWEEPS: Record<string, (deps: SweepDeps, now: Date) => Promise<number>> = {
  // Meal photos that no saved meal shows a day after they were analysed (the dialog was closed).
  mealPhotos: sweepUncitedMealPhotos,
  // Visit packets' encrypted files once the link is expired, revoked or locked.
  visitPackets: sweepSpentPackets,
  // Record exports' bundles 24 hours after they were ready.
  recordExports: sweepExpiredExports,
  // Not a file, but the same hourly rule: the glucose alarm history is kept a year.
  glucoseAlarms: (deps, now) => deps.db.asSystem((tx) => pruneOldAlarms(tx, now, 5_000)),
  // And the ids browsers gave entries they queued offline, once no replay can come.
  offlineClientIds: (deps, now) => deps.db.asSystem((tx) => pruneOldClientIds(tx, now, 5_000)),
  // And the throttles' and quotas' counters an hour after they expired (one statement an hour per process).
  rateLimits: (deps, now) => pruneSpentCounters(deps.db, now),
};

export interface FileSweeps {
  /** Runs every sweep once; a failing one (storage down) does not stop the others. */
  runOnce(now?: Date): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Hourly deletion of stored files nothing will show again. Every process may run it: each sweep
 * locks the rows it judges, and its state lives only in the database, so a run cut short is
 * finished by the next one.
 */
export const createFileSweeps = (
  deps: SweepDeps & { logger: Logger },
  opts: { intervalMs?: number } = {},
): FileSweeps => {
  const runOnce = async (now = new Date()) => {
    for (const [sweep, run] of Object.entries(SWEEPS)) {
      try {
        const deleted = await run(deps, now);
        if (deleted > 0) deps.logger.info({ sweep, deleted }, 'stored files swept');
      } catch (err) {
        deps.logger.warn({ sweep, err: { message: (err as Error).message } }, 'file sweep failed');
      }
    }
  };
  const loop = repeatEvery(opts.intervalMs ?? 3_600_000, runOnce, () => undefined);
  return { runOnce, start: loop.start, stop: loop.stop };
};
