import { defaultDisplayName } from '@healthfolio/core';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { account, session, user, verification } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { passwordResetEmail, verificationEmail } from '../mail/templates';
import type { AuditRecorder } from '../modules/audit/audit.service';
import { insertProfile } from '../modules/profiles/profiles.repository';
import { findRoles, insertDefaultRole, upsertRole } from '../modules/roles/roles.repository';
import { OAUTH2_CALLBACK_PATH } from './oauth2-alias';

/** Set by our own middleware from the socket; any client-sent value is overwritten first. */
export const CLIENT_IP_HEADER = 'x-healthfolio-client-ip';

export interface AuthDeps {
  config: Config;
  logger: Logger;
  db: Database;
  mailer: Mailer;
  audit: AuditRecorder;
  /** Makes every process forget the user's cached sessions (realtime bus). */
  revokeSessions?: (userId: string) => Promise<void>;
}

type HeaderSource = { headers?: Headers; request?: Request } | null | undefined;
const requestMeta = (ctx: HeaderSource) => {
  const headers = ctx?.headers ?? ctx?.request?.headers;
  return { ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null, userAgent: headers?.get('user-agent') ?? null };
};

export const createAuth = ({ config, db, mailer, audit, logger, revokeSessions }: AuthDeps) => {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());

  /** Addresses in ADMIN_EMAILS become admin when they sign up or sign in. */
  const promoteIfAdmin = async (userId: string, email: string) => {
    if (!isAdminEmail(email)) return;
    await db.asSystem(async (tx) => {
      if ((await findRoles(tx, userId)).includes('admin')) return;
      await upsertRole(tx, userId, 'admin', null);
    });
    await audit({
      userId,
      action: 'assign_role',
      resourceType: 'user',
      resourceId: userId,
      details: { role: 'admin', source: 'ADMIN_EMAILS' },
    });
  };

  return betterAuth({
    appName: 'Healthfolio',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db.owner, {
      provider: 'pg',
      schema: { user, session, account, verification },
      transaction: false,
    }),
    telemetry: { enabled: false },
    // better-auth's own messages go to our log, without their arguments: on a database error those
    // carry the failed query's parameters, session tokens included.
    logger: {
      level: 'warn',
      log: (level, message) =>
        logger[level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info'](
          { source: 'better-auth' },
          message,
        ),
    },
    // Our own throttle runs before better-auth (per IP and per account, before any hashing).
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'healthfolio',
      useSecureCookies: config.https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.https },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    session: {
      // Sliding expiry = idle timeout; the absolute limit is enforced in resolveSession.
      expiresIn: config.session.idleSeconds,
      updateAge: Math.min(300, Math.floor(config.session.idleSeconds / 2)),
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user: u, url }) => {
        await mailer.send({ to: u.email, userId: u.id, ...passwordResetEmail(url) });
      },
      onPasswordReset: async ({ user: u }, request) => {
        // A reset (by emailed link, so without a session cookie) has just deleted every session.
        await revokeSessions?.(u.id);
        await audit({
          userId: u.id,
          action: 'password_reset',
          resourceType: 'user',
          resourceId: u.id,
          ...requestMeta({ request }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      // Cached sessions of this user carry the old "not confirmed" state: every process forgets them.
      afterEmailVerification: async (u) => {
        await revokeSessions?.(u.id);
      },
      sendVerificationEmail: async ({ user: u, url }) => {
        await mailer.send({ to: u.email, userId: u.id, ...verificationEmail(url) });
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (u, ctx) => {
            await db.asSystem(async (tx) => {
              await insertProfile(tx, u.id, defaultDisplayName(u.name, u.email));
              await insertDefaultRole(tx, u.id);
            });
            await audit({
              userId: u.id,
              action: 'sign_up',
              resourceType: 'user',
              resourceId: u.id,
              ...requestMeta(ctx),
            });
            await promoteIfAdmin(u.id, u.email);
          },
        },
      },
      session: {
        create: {
          after: async (s) => {
            await audit({
              userId: s.userId,
              action: 'sign_in',
              resourceType: 'session',
              resourceId: s.id,
              ipAddress: s.ipAddress ?? null,
              userAgent: s.userAgent ?? null,
            });
            const [row] = await db.owner
              .select({ email: user.email })
              .from(user)
              .where(eq(user.id, s.userId));
            if (row) await promoteIfAdmin(s.userId, row.email);
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                // The documented redirect URI (what operators register with Google); see oauth2-alias.ts.
                redirectURI: `${config.appUrl}/api/auth${OAUTH2_CALLBACK_PATH}google`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
};

export type Auth = ReturnType<typeof createAuth>;
