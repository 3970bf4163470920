import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { type Auth, createAuth } from './auth/auth';
import { type BackgroundTasks, createBackgroundTasks } from './auth/background';
import { createLimiterFactory, type LimiterFactory } from './auth/limiter-store';
import { requireAccount, requireUser } from './auth/person-scope';
import { createSessionResolver, type SessionResolver } from './auth/session';
import { type AuthThrottle, createAuthThrottle } from './auth/throttle';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { createLogger } from './http/log-safety';
import { createOutboundClient, type OutboundClient, parseOutboundAllow } from './http/outbound';
import { createRequestMetrics, type RequestMetrics } from './http/request-metrics';
import { createUserQuotas, type UserQuotas } from './http/user-quota';
import { jobHandlers } from './jobs/job-kinds';
import { createJobRunner, type JobRunner } from './jobs/job-queue';
import { createMailer, type Mailer } from './mail/mailer';
import {
  createPlatformSettingsStore,
  type PlatformSettingsStore,
} from './modules/admin/platform-settings.store';
import { type AiClient, createAiClient } from './modules/ai/ai.client';
import { type AuditRecorder, createAuditRecorder } from './modules/audit/audit.service';
import { createLiveNotifier, type LiveNotifier } from './modules/notifications/live-notifications.service';
import { pushFollowUpAlerts } from './modules/push/follow-up-alerts';
import { createPushClient, type PushClient } from './modules/push/push.client';
import { createRealtimeBus, type RealtimeBus } from './realtime/bus';
import { type FileStorage, storageFromConfig } from './storage/file-storage';

// main.ts builds its logger from here; the options (redaction, error serializer) live in log-safety.
export { createLogger };

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  audit: AuditRecorder;
  auth: Auth;
  throttle: AuthThrottle;
  /** Throttle and quota counters: shared through PostgreSQL, in memory on the embedded store. */
  limiter: LimiterFactory;
  /** Work that runs after the response (mail); `settled()` waits for it. */
  background: BackgroundTasks;
  /** Per-user limits on the heavy requests (long analytics, schedule creation, open streams). */
  quotas: UserQuotas;
  resolveSession: SessionResolver;
  /**
   * Guards a person-scoped route: `c.get('user')` is the person the request acts for (the account, or
   * a ward named by `X-Healthfolio-Person`), `c.get('account')` the signed-in account.
   */
  requireUser: MiddlewareHandler;
  /** Guards an account-level route: `user` and `account` are the signed-in account, whatever the header. */
  requireAccount: MiddlewareHandler;
  /** Carries notification events to every process's open streams. */
  bus: RealtimeBus;
  /** The AI provider (or none: the built-in analyst answers alone). */
  ai: AiClient;
  /** The one way to notify a user (send_live_notification and its helpers). */
  notifier: LiveNotifier;
  /** Encrypted file storage (disk or S3) for every feature that keeps files. */
  storage: FileStorage;
  /** The same storage's `backups` area: whole-database backups (admin console). */
  backupStorage: FileStorage;
  /** Durable background jobs (main.ts starts it; tests call runOnce). */
  jobs: JobRunner;
  /** Platform settings in force (admin console), cached per process; `maxFileSizeBytes()` for uploads. */
  settings: PlatformSettingsStore;
  /** This process's request latency and error rate (fed by the request log). */
  metrics: RequestMetrics;
  /** The one client for requests to addresses users give (SSRF-safe; http/outbound.ts). */
  outbound: OutboundClient;
  /** Web Push to users' devices (through `outbound`); senders call `sendPush` in modules/push. */
  push: PushClient;
}

/** Wires the server's parts; tests pass an already-open database and their own config. */
export const createDeps = async (
  config: Config,
  opts: { db?: Database; logger?: Logger } = {},
): Promise<AppDeps> => {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = opts.db ?? (await openDatabase(config, logger));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db,
    logger,
    encryptionKey: config.encryptionKey,
    outboxRetentionHours: config.mailOutboxRetentionHours,
  });
  const audit = createAuditRecorder(db, logger);
  const background = createBackgroundTasks(logger);
  const limiter = createLimiterFactory(db);
  const bus = createRealtimeBus(db, logger);
  const settings = createPlatformSettingsStore(db, config, logger, bus);
  const auth = createAuth({
    config,
    db,
    mailer,
    audit,
    logger,
    background,
    revokeSessions: (id) => bus.revokeSessions(id),
    settings,
  });
  const resolveSession = createSessionResolver(db, config, bus, settings);
  const storageSettings = {
    dataDir: config.dataDir,
    encryptionKey: config.encryptionKey,
    s3: config.storage.s3,
  };
  const storage = storageFromConfig(storageSettings);
  const backupStorage = storageFromConfig({ ...storageSettings, area: 'backups' });
  const outbound = createOutboundClient(parseOutboundAllow(config.outboundAllow), { ca: config.outboundCa });
  const push = createPushClient(config.vapid, outbound);
  const notifier = createLiveNotifier(db, bus, logger, { mailer, appUrl: config.appUrl, settings });
  // After the response: a low reading's answer does not wait for push services.
  notifier.pushFollowUpAlerts = async (userId, ids) =>
    background.run(pushFollowUpAlerts({ db, logger, push }, userId, ids));
  return {
    config,
    db,
    logger,
    mailer,
    audit,
    auth,
    throttle: createAuthThrottle(config.authThrottle, limiter, config.sessionSecret),
    limiter,
    background,
    quotas: createUserQuotas(limiter, { aiPer10Min: config.aiRequestsPer10Min }),
    resolveSession,
    requireUser: requireUser(db, resolveSession),
    requireAccount: requireAccount(resolveSession),
    bus,
    notifier,
    storage,
    backupStorage,
    jobs: createJobRunner(
      { db, logger },
      jobHandlers({ db, storage, backupStorage, logger, appUrl: config.appUrl, config, outbound }),
    ),
    settings,
    metrics: createRequestMetrics(),
    ai: createAiClient(config.ai, logger),
    outbound,
    push,
  };
};
