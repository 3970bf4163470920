import { passkey as passkeyPlugin } from '@better-auth/passkey';
import { defaultDisplayName } from '@healthfolio/core';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { account, passkey, session, twoFactor, user, verification } from '../db/schema';
import { scrubMessage } from '../http/log-safety';
import type { Mailer } from '../mail/mailer';
import { passwordResetEmail, verificationEmail } from '../mail/templates';
import { type AuditRecorder, insertAudit } from '../modules/audit/audit.service';
import { insertProfile } from '../modules/profiles/profiles.repository';
import { findRoles, insertDefaultRole, upsertRole } from '../modules/roles/roles.repository';
import { OAUTH2_CALLBACK_PATH } from './oauth2-alias';
import { SESSION_STEP_HEADER } from './two-factor-gate';

/** Set by our own middleware from the socket; any client-sent value is overwritten first. */
export const CLIENT_IP_HEADER = 'x-healthfolio-client-ip';

export interface AuthDeps {
  config: Config;
  logger: Logger;
  db: Database;
  mailer: Mailer;
  audit: AuditRecorder;
}

type HeaderSource = { headers?: Headers; request?: Request } | null | undefined;
const requestMeta = (ctx: HeaderSource) => {
  const headers = ctx?.headers ?? ctx?.request?.headers;
  return { ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null, userAgent: headers?.get('user-agent') ?? null };
};

export const createAuth = ({ config, db, mailer, audit, logger }: AuthDeps) => {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());

  /** Addresses in ADMIN_EMAILS become admin when they sign up or sign in. */
  const promoteIfAdmin = async (userId: string, email: string) => {
    if (!isAdminEmail(email)) return;
    // The promotion and its audit row commit together.
    await db.asSystem(async (tx) => {
      if ((await findRoles(tx, userId)).includes('admin')) return;
      await upsertRole(tx, userId, 'admin', null);
      await insertAudit(tx, {
        userId,
        action: 'assign_role',
        resourceType: 'user',
        resourceId: userId,
        details: { role: 'admin', source: 'ADMIN_EMAILS' },
      });
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
      schema: { user, session, account, verification, twoFactor, passkey },
      transaction: false,
    }),
    telemetry: { enabled: false },
    // Unexpected errors are thrown to our error handler (safe serializer, 500 problem) instead of
    // better-call printing the whole error, query parameters included, to stderr.
    onAPIError: { throw: true },
    // better-auth's own messages go to our log scrubbed (they can quote an origin, a URL or an address),
    // with an error argument through the safe serializer: on a database error its raw form carries the
    // failed query's parameters, session tokens included.
    logger: {
      level: 'warn',
      log: (level, message, ...args) =>
        logger[level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info'](
          { source: 'better-auth', err: args.find((a) => a instanceof Error) },
          scrubMessage(message),
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
          after: async (s, ctx) => {
            // A step, not a sign-in (see SESSION_STEP_HEADER): the real one is audited when it comes.
            if (ctx?.headers?.get(SESSION_STEP_HEADER)) return;
            await audit({
              userId: s.userId,
              action: 'sign_in',
              resourceType: 'session',
              resourceId: s.id,
              ipAddress: s.ipAddress ?? null,
              userAgent: s.userAgent ?? null,
            }).catch(async (err) => {
              // An unrecorded sign-in leaves no usable session behind (the error answers the request).
              await db.owner.delete(session).where(eq(session.id, s.id));
              throw err;
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
    plugins: [
      // TOTP + backup codes (secret and codes encrypted with SESSION_SECRET). A password account must
      // re-enter its password to change them; an account that only signs in with Google cannot.
      twoFactorPlugin({ issuer: 'Healthfolio', allowPasswordless: true }),
      // The expected origin is ours, never the request's Origin header.
      passkeyPlugin({ rpName: 'Healthfolio', origin: new URL(config.appUrl).origin }),
      ...(config.google
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
        : []),
    ],
  });
};

export type Auth = ReturnType<typeof createAuth>;
