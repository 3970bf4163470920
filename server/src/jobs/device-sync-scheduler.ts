import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { OutboundClient } from '../http/outbound';
import { createTerraClient } from '../modules/devices/terra.client';
import { syncDueConnections } from '../modules/devices/terra-webhook.service';
import type { Announcer } from '../modules/glucose/write-readings';
import { type PullDeps, pullSource } from '../modules/nightscout/nightscout-pull.service';
import { claimDueSources } from '../modules/nightscout/nightscout-source.repository';
import { vendorPullDeps } from '../modules/vendor-pulls/vendor-pull.deps';
import { claimDueVendorSources } from '../modules/vendor-pulls/vendor-pull.repository';
import { pullVendorSource } from '../modules/vendor-pulls/vendor-pull.service';
import { repeatEvery } from './repeat';

export interface DeviceSyncScheduler {
  /** Pulls every Nightscout site, vendor account and Terra connection due at `now`; returns who was pulled. */
  runOnce(now?: Date): Promise<{ nightscout: string[]; vendors: string[]; terra: string[] }>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Pulls users' Nightscout sites and their Dexcom Share and LibreLinkUp accounts, and catches up on Terra connections (data missed while down) when due, like the reminder scheduler: every process runs it, and a
 * source is claimed (its next pull moved forward) with SKIP LOCKED before it is pulled, so it is
 * pulled by one process at a time. After downtime the first run catches up on every overdue site.
 */
export const createDeviceSyncScheduler = (
  deps: { db: Database; logger: Logger; config: Config; notifier: Announcer; outbound: OutboundClient },
  opts: { tickMs?: number; batchSize?: number } = {},
): DeviceSyncScheduler => {
  const { db, logger, config, notifier } = deps;
  const pull: PullDeps = {
    db,
    notifier,
    logger,
    secret: config.sessionSecret,
    intervalSeconds: config.nightscout.pullIntervalSeconds,
    outbound: deps.outbound,
  };
  const vendorPull = vendorPullDeps(deps);
  const tickMs = opts.tickMs ?? 30_000;
  const batchSize = opts.batchSize ?? 20;

  const terra = config.terra
    ? {
        deps: { db, notifier, logger, appUrl: config.appUrl, terra: createTerraClient(config.terra) },
        intervalSeconds: config.terra.syncIntervalSeconds,
      }
    : undefined;

  const pullNightscout = async (now: Date) => {
    const done: string[] = [];
    for (;;) {
      const users = await db.asSystem((tx) => claimDueSources(tx, now, pull.intervalSeconds, batchSize));
      for (const userId of users) {
        try {
          await pullSource(pull, userId);
          done.push(userId);
        } catch (err) {
          logger.warn({ userId, err: { message: (err as Error).message } }, 'nightscout pull crashed');
        }
      }
      if (users.length < batchSize) return done;
    }
  };

  /** Each due account is pulled once; a pull that fails sets its own retry (back-off), a crash is logged. */
  const pullVendors = async (now: Date) => {
    const done: string[] = [];
    for (;;) {
      const due = await db.asSystem((tx) =>
        claimDueVendorSources(tx, now, vendorPull.intervalSeconds, batchSize),
      );
      for (const { userId, vendor } of due) {
        try {
          await pullVendorSource(vendorPull, userId, vendor);
          done.push(`${vendor}:${userId}`);
        } catch (err) {
          logger.warn({ userId, vendor, err: { message: (err as Error).message } }, 'vendor pull crashed');
        }
      }
      if (due.length < batchSize) return done;
    }
  };

  const runOnce = async (now = new Date()) => {
    const nightscout = await pullNightscout(now);
    const vendors = await pullVendors(now);
    const terraDone: string[] = [];
    if (terra)
      for (;;) {
        const ids = await syncDueConnections(terra.deps, terra.intervalSeconds, now);
        terraDone.push(...ids);
        if (ids.length < 50) break;
      }
    return { nightscout, vendors, terra: terraDone };
  };

  const loop = repeatEvery(tickMs, runOnce, (err) =>
    logger.warn({ err: { message: (err as Error).message } }, 'device sync run failed'),
  );
  return { runOnce, start: loop.start, stop: loop.stop };
};
