import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from './app';
import { createDeps, createLogger } from './app-deps';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startEmbeddedHousekeeping } from './db/maintenance';
import { DatabaseUnreachableError, waitForPostgres } from './db/wait-for-postgres';
import { createDeviceSyncScheduler } from './jobs/device-sync-scheduler';
import { createFileSweeps } from './jobs/file-sweeps';
import { createGlucoseAlarmScheduler } from './jobs/glucose-alarm-scheduler';
import { createHypoScheduler } from './jobs/hypo-follow-up-scheduler';
import { createNsRetention } from './jobs/ns-retention';
import { createReminderScheduler } from './jobs/reminder-scheduler';
import { createHealthSystemsScheduler } from './modules/health-systems/connections.service';
import { attachNsSocket } from './modules/nightscout/ns-socket';

const main = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Log lines are written by libuv in the background (and flushed at exit), not by a blocking write
  // per request on the event loop.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: false }));
  let deps: Awaited<ReturnType<typeof createDeps>>;
  try {
    if (config.databaseUrl)
      await waitForPostgres(config.databaseUrl, { logger, deadlineMs: config.databaseWaitSeconds * 1000 });
    deps = await createDeps(config, { logger });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await deps.db.migrate();
  const app = createApp(deps);
  // Every process runs the scheduler; claiming rows with SKIP LOCKED keeps them from doubling up.
  const scheduler = createReminderScheduler(deps, { intervalMs: config.reminderIntervalSeconds * 1000 });
  scheduler.start();
  const stopHousekeeping =
    deps.db.kind === 'pglite'
      ? startEmbeddedHousekeeping(deps.db.owner, (err) =>
          logger.warn({ err: { message: (err as Error).message } }, 'embedded database housekeeping failed'),
        )
      : async () => {};
  // Low-glucose follow-ups: re-check reminders and escalations, on the same interval.
  const hypoScheduler = createHypoScheduler(deps, { intervalMs: config.reminderIntervalSeconds * 1000 });
  hypoScheduler.start();
  // Glucose alarms: no recent readings, snoozes running out, urgent lows to escalate.
  const alarmScheduler = createGlucoseAlarmScheduler(deps, {
    intervalMs: config.reminderIntervalSeconds * 1000,
  });
  alarmScheduler.start();
  deps.jobs.start();
  const deviceSync = createDeviceSyncScheduler(deps);
  deviceSync.start();
  // Stored files nothing will show again: meal photos no meal shows, spent visit packets.
  const fileSweeps = createFileSweeps(deps);
  fileSweeps.start();
  // Nightscout device status past NS_DEVICESTATUS_DAYS.
  const nsRetention = createNsRetention(deps);
  nsRetention.start();
  // Health systems' nightly incremental sync (each connection once a day).
  const healthSystemsSync = createHealthSystemsScheduler(deps);
  healthSystemsSync.start();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    logger.info({ port: info.port }, `Healthfolio is running at ${config.appUrl} (on ${where})`);
    console.info(`\n  Healthfolio is running at ${config.appUrl}\n`);
  });
  // AndroidAPS' NSClient (v1) uploads over Nightscout's socket.io, on the same port at /socket.io.
  const nsSocket = attachNsSocket(server as HttpServer, deps);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Open notification streams would hold the server open; closing the bus ends them.
    void deps.bus.close();
    nsSocket.close();
    const stopped = Promise.all([
      scheduler.stop(),
      hypoScheduler.stop(),
      alarmScheduler.stop(),
      deps.jobs.stop(),
      deviceSync.stop(),
      fileSweeps.stop(),
      nsRetention.stop(),
      healthSystemsSync.stop(),
    ]);
    server.close(async () => {
      await stopped;
      await stopHousekeeping();
      await deps.background.settled();
      await deps.db.close();
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
