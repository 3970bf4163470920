import type { Logger } from 'pino';
import type { AppDeps } from '../app-deps';
import { purgeDeviceStatus } from '../modules/nightscout/ns-collections.repository';
import { repeatEvery } from './repeat';

/** Rows deleted per statement, so one run never holds a long transaction. */
const BATCH = 5_000;

export interface NsRetention {
  /** Deletes device status older than the retention, in batches; answers how many rows went. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Hourly purge of Nightscout device status older than NS_DEVICESTATUS_DAYS (loops upload one every
 * five minutes; followers read the last hours). Every process may run it: each batch is one delete.
 */
export const createNsRetention = (
  deps: Pick<AppDeps, 'db' | 'config'> & { logger: Logger },
  opts: { intervalMs?: number } = {},
): NsRetention => {
  const runOnce = async (now = new Date()) => {
    const before = new Date(now.getTime() - deps.config.nightscout.deviceStatusDays * 86_400_000);
    let total = 0;
    for (;;) {
      const n = await deps.db.asSystem((tx) => purgeDeviceStatus(tx, before, BATCH));
      total += n;
      if (n < BATCH) break;
    }
    if (total > 0) deps.logger.info({ deleted: total }, 'nightscout device status purged');
    return total;
  };
  const loop = repeatEvery(opts.intervalMs ?? 3_600_000, runOnce, (err) =>
    deps.logger.warn({ err: { message: (err as Error).message } }, 'nightscout device status purge failed'),
  );
  return { runOnce, start: loop.start, stop: loop.stop };
};
