import { passkey as passkeyPlugin } from '@better-auth/passkey';
import {
  ACCOUNT_DISABLED_MESSAGE,
  APPROVAL_PENDING_MESSAGE,
  defaultDisplayName,
  REGISTRATION_CLOSED_MESSAGE,
} from '@healthfolio/core';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
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
import type { PlatformSettingsStore } from '../modules/admin/platform-settings.store';
import type { AuditRecorder } from '../modules/audit/audit.service';
import { insertProfile } from '../modules/profiles/profiles.repository';
import { insertDefaultRole } from '../modules/roles/roles.repository';
import { createAdminPromoter } from './admin-emails';
import { DISABLED_AUTH_PATHS } from './auth-paths';
import { signUpChoices } from './auth-request';
import type { BackgroundTasks } from './background';
import { OAUTH2_CALLBACK_PATH } from './oauth2-alias';
import { secondFactorOfPath } from './second-factor';
import { SESSION_STEP_HEADER } from './two-factor-gate';

/** Set by our own middleware from the socket; any client-sent value is overwritten first. */
export const CLIENT_IP_HEADER = 'x-healthfolio-client-ip';

export interface AuthDeps {
  config: Config;
  logger: Logger;
  db: Database;
  mailer: Mailer;
  audit: AuditRecorder;
  background: BackgroundTasks;
  /** Makes every process forget the user's cached sessions (realtime bus). */
  revokeSessions?: (userId: string) => Promise<void>;
  /** Platform settings (registration, session timeout); without them, sign-up is open. */
  settings?: PlatformSettingsStore;
}

type HeaderSource = { headers?: Headers; request?: Request } | null | undefined;
const requestMeta = (ctx: HeaderSource) => {
  const headers = ctx?.headers ?? ctx?.request?.headers;
  return { ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null, userAgent: headers?.get('user-agent') ?? null };
};

export const createAuth = ({
  config,
  db,
  mailer,
  audit,
  logger,
  background,
  revokeSessions,
  settings,
}: AuthDeps) => {
  const promoteIfAdmin = createAdminPromoter({ config, db, logger });

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
    disabledPaths: DISABLED_AUTH_PATHS,
    // Reset links (and OAuth state) are kept as hashes: a database read does not hand out live links.
    verification: { storeIdentifier: 'hashed' },
    // Google's access, refresh and ID tokens are encrypted with the secret before they are stored.
    account: { encryptOAuthTokens: true },
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
      backgroundTasks: { handler: (task) => background.run(task) },
    },
    session: {
      // Sliding expiry = idle timeout; the absolute limit is enforced in resolveSession.
      expiresIn: config.session.idleSeconds,
      updateAge: Math.min(300, Math.floor(config.session.idleSeconds / 2)),
      cookieCache: { enabled: false },
      // How the session was signed in: the second factor it passed, if any (set by the hook below).
      additionalFields: { secondFactor: { type: 'string', required: false, input: false } },
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
      // Mail leaves after the answer: waiting for it would make known addresses answer later.
      sendResetPassword: async ({ user: u, url }) => {
        background.run(mailer.send({ to: u.email, userId: u.id, ...passwordResetEmail(url) }));
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
        background.run(mailer.send({ to: u.email, userId: u.id, ...verificationEmail(url) }));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // An identity provider that has not verified the address cannot vouch for it: no account.
          before: async (u, ctx) => {
            if (ctx?.path?.startsWith('/callback/') && !u.emailVerified) {
              logger.warn({ source: 'oauth' }, 'refused an OAuth sign-up with an unverified email');
              return false;
            }
            // Email sign-ups are refused before they reach here (auth.routes); this holds for Google.
            if (settings && !(await settings.getPlatformSettings()).user_registration.enabled)
              throw new APIError('FORBIDDEN', {
                code: 'REGISTRATION_CLOSED',
                message: REGISTRATION_CLOSED_MESSAGE,
              });
          },
          after: async (u, ctx) => {
            // With require_approval on, the account waits in the admin console's approval queue.
            if (settings && (await settings.getPlatformSettings()).user_registration.require_approval)
              await db.owner.update(user).set({ status: 'pending_approval' }).where(eq(user.id, u.id));
            await db.asSystem(async (tx) => {
              await insertProfile(
                tx,
                u.id,
                defaultDisplayName(u.name, u.email),
                signUpChoices(ctx?.path, ctx?.body),
              );
              await insertDefaultRole(tx, u.id);
            });
            await audit({
              userId: u.id,
              action: 'sign_up',
              resourceType: 'user',
              resourceId: u.id,
              ...requestMeta(ctx),
            });
            await promoteIfAdmin(u);
          },
        },
      },
      // better-auth encrypts access and refresh tokens but stores Google's ID token as is: a signed
      // statement of the user's identity and address that the app never reads again. Not kept.
      account: {
        create: { before: async (a) => ({ data: { ...a, idToken: null } }) },
        update: { before: async (a) => ({ data: 'idToken' in a ? { ...a, idToken: null } : a }) },
      },
      session: {
        create: {
          // The idle timeout in force (platform setting) from the first request; refused for accounts
          // an admin disabled or has not approved yet (the password or code was right, so this says so).
          before: async (s, ctx) => {
            const [row] = await db.owner
              .select({ status: user.status })
              .from(user)
              .where(eq(user.id, s.userId));
            if (row && row.status !== 'active')
              throw new APIError('FORBIDDEN', {
                code: row.status === 'disabled' ? 'ACCOUNT_DISABLED' : 'APPROVAL_PENDING',
                message: row.status === 'disabled' ? ACCOUNT_DISABLED_MESSAGE : APPROVAL_PENDING_MESSAGE,
              });
            const marked = { ...s, secondFactor: secondFactorOfPath(ctx?.path) };
            if (!settings) return { data: marked };
            const idleMs = (await settings.sessionTimeoutSeconds()) * 1000;
            return { data: { ...marked, expiresAt: new Date(Date.now() + idleMs) } };
          },
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
              .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
              .from(user)
              .where(eq(user.id, s.userId));
            if (row) await promoteIfAdmin(row);
          },
        },
      },
    },
    plugins: [
      // TOTP + backup codes (secret and codes encrypted with SESSION_SECRET). A password account must
      // re-enter its password to change them; an account that only signs in with Google cannot.
      twoFactorPlugin({ issuer: 'Healthfolio', allowPasswordless: true }),
      // The expected origin is ours, never the request's Origin header.
      // A passkey sign-in stands in for the password and the code, so it must prove the person too
      // (fingerprint, face, PIN: WebAuthn's user verification), not only that the key is present.
      passkeyPlugin({
        rpName: 'Healthfolio',
        origin: new URL(config.appUrl).origin,
        authenticatorSelection: { userVerification: 'required' },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified)
              throw new APIError('UNAUTHORIZED', {
                code: 'PASSKEY_USER_NOT_VERIFIED',
                message:
                  'This passkey did not check that it is you (fingerprint, face or PIN). Use one that does, or sign in with your password.',
              });
          },
        },
      }),
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
