import type { MiddlewareHandler } from 'hono';
import pino, { type Logger } from 'pino';
import { type Auth, createAuth } from './auth/auth';
import { createSessionResolver, requireUser, type SessionResolver } from './auth/session';
import { type AuthThrottle, createAuthThrottle } from './auth/throttle';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import { type AuditRecorder, createAuditRecorder } from './modules/audit/audit.service';
import { createLiveNotifier, type LiveNotifier } from './modules/notifications/live-notifications.service';
import { createRealtimeBus, type RealtimeBus } from './realtime/bus';

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  audit: AuditRecorder;
  auth: Auth;
  throttle: AuthThrottle;
  resolveSession: SessionResolver;
  requireUser: MiddlewareHandler;
  /** Carries notification events to every process's open streams. */
  bus: RealtimeBus;
  /** The one way to notify a user (send_live_notification and its helpers). */
  notifier: LiveNotifier;
}

export const createLogger = (level: Config['logLevel'], destination?: pino.DestinationStream) =>
  pino(
    {
      level,
      // Secrets and anything that could carry health values are never written out.
      redact: {
        paths: [
          'password',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          'token',
          '*.token',
          '*.sessionToken',
          'headers.cookie',
          'headers.authorization',
          '*.headers.cookie',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'body',
          '*.body',
          'data',
          '*.data',
          'value',
          '*.value',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );

/** Wires the server's parts; tests pass an already-open database and their own config. */
export const createDeps = async (
  config: Config,
  opts: { db?: Database; logger?: Logger } = {},
): Promise<AppDeps> => {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = opts.db ?? (await openDatabase(config, logger));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, logger });
  const audit = createAuditRecorder(db, logger);
  const bus = createRealtimeBus(db, logger);
  const auth = createAuth({
    config,
    db,
    mailer,
    audit,
    logger,
    revokeSessions: (id) => bus.revokeSessions(id),
  });
  const resolveSession = createSessionResolver(db, config, bus);
  return {
    config,
    db,
    logger,
    mailer,
    audit,
    auth,
    throttle: createAuthThrottle(config.authThrottle),
    resolveSession,
    requireUser: requireUser(resolveSession),
    bus,
    notifier: createLiveNotifier(db, bus, logger),
  };
};
