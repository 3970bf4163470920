import { BackupCodeRequest, TwoFactorCodeRequest } from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { user } from '../db/schema';
import { ProblemError, validationProblem } from '../http/problem';
import type { AuditRecorder } from '../modules/audit/audit.service';
import type { Auth } from './auth';
import { WRONG_CURRENT_PASSWORD } from './auth-request';
import { markSessionSecondFactor } from './second-factor';
import { type SessionResolver, verifiedToken } from './session';
import type { AuthThrottle } from './throttle';

/**
 * Set by this gate only (a client-sent value is dropped): tells the session hook in auth.ts that the
 * session better-auth is creating is a step, not a sign-in — a password accepted while the second
 * factor is still to come, or the cookie the two-factor plugin re-issues when 2FA is switched on/off.
 */
export const SESSION_STEP_HEADER = 'x-healthfolio-session-step';

const CODE_SCHEMAS: Record<string, z.ZodType<{ code: string }>> = {
  '/two-factor/verify-totp': TwoFactorCodeRequest,
  '/two-factor/verify-backup-code': BackupCodeRequest,
};
/** Endpoints that take the re-entered password; each try counts like a sign-in attempt. */
const PASSWORD_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
]);
/** better-auth does not ask for the password when passkeys change; we do, like for TOTP. */
const PASSKEY_CHANGES = new Set(['/passkey/verify-registration', '/passkey/delete-passkey']);
const PasswordField = z.looseObject({ password: z.string().max(128).optional() });

const CODE_ACTION = '/two-factor/verify';
/** better-auth accepts a TOTP code for its whole ±1 step window; we accept each one once (ASVS 6.5). */
const USED_CODE_SECONDS = 120;
const usedCodeKey = (userId: string, code: string) => `totp-used-${userId}-${code}`;
const PASSWORD_ACTION = '/two-factor/password';

interface GateDeps {
  auth: Auth;
  db: Database;
  audit: AuditRecorder;
  throttle: AuthThrottle;
  resolveSession: SessionResolver;
  config: Config;
}

export interface GateStep {
  path: string;
  userId: string | null;
  /** A code checked while signed in, for an authenticator not yet switched on: the enabling step. */
  enabling: boolean;
  /** The TOTP code being checked, remembered once accepted. */
  code?: string;
  /** For passkey removal: which one. */
  resourceId?: string;
  /** A code checked by a signed-in session (e.g. after Google): that session passed a second factor. */
  stepUpSessionId?: string;
}

const parseJson = (raw: string | undefined) => {
  try {
    return raw ? (JSON.parse(raw) as unknown) : {};
  } catch {
    throw new ProblemError(400, 'malformed_json', 'The request body is not valid JSON.');
  }
};

/**
 * The two-factor and passkey endpoints, as seen by our /api/auth wrapper: codes validated, every
 * verification throttled per account and per IP before it is checked, the re-entered password
 * required for every change, and each change audited.
 */
export const createTwoFactorGate = ({ auth, db, audit, throttle, resolveSession, config }: GateDeps) => {
  const challengeCookie = `${config.https ? '__Secure-' : ''}healthfolio.two_factor`;

  /** The account a pending sign-in's challenge cookie belongs to (it carries a verification id). */
  const challengedUser = async (headers: Headers) => {
    const raw = parse(headers.get('cookie') ?? '', challengeCookie)[challengeCookie];
    const id = verifiedToken(raw, config.sessionSecret);
    if (!id) return null;
    const row = await (await auth.$context).internalAdapter.findVerificationValue(id);
    return row && new Date(row.expiresAt) > new Date() ? row.value : null;
  };

  const checkPassword = async (userId: string, password: string | undefined) => {
    const ctx = await auth.$context;
    const account = await ctx.internalAdapter.findCredentialAccount(userId);
    // An account that signs in only with Google has no password to re-enter.
    if (!account?.password) return;
    if (!password || !(await ctx.password.verify({ hash: account.password, password })))
      throw new ProblemError(400, 'invalid_password', WRONG_CURRENT_PASSWORD, [
        { path: 'password', message: WRONG_CURRENT_PASSWORD },
      ]);
  };

  const twoFactorEnabled = async (where: { id?: string; email?: string }) => {
    const cond = where.id ? eq(user.id, where.id) : eq(user.email, where.email ?? '');
    const [row] = await db.owner.select({ on: user.twoFactorEnabled }).from(user).where(cond);
    return row?.on ?? false;
  };

  return {
    /** Before better-auth: returns the body to forward (normalised) and what `after` needs. */
    async before(p: {
      path: string;
      headers: Headers;
      body: string | undefined;
      ip: string;
      email?: string;
    }): Promise<{ body: string | undefined; step: GateStep }> {
      const { path, headers, ip } = p;
      headers.delete(SESSION_STEP_HEADER);
      const step: GateStep = { path, userId: null, enabling: false };
      let body = p.body;

      if (path === '/sign-in/email') {
        if (p.email && (await twoFactorEnabled({ email: p.email })))
          headers.set(SESSION_STEP_HEADER, 'pending');
        return { body, step };
      }
      if (path === '/passkey/verify-authentication') {
        await throttle.consume(path, ip);
        return { body, step };
      }
      const schema = CODE_SCHEMAS[path];
      if (!schema && !PASSWORD_PATHS.has(path)) return { body, step };

      const current = await resolveSession(headers);
      step.userId = current?.user.id ?? (schema ? await challengedUser(headers) : null);
      if (current && path.startsWith('/two-factor/')) headers.set(SESSION_STEP_HEADER, 'rotation');

      if (schema) {
        // Checked before the code is: a wrong code and a flood cost the same, nothing.
        await throttle.consume(CODE_ACTION, ip, step.userId ?? undefined);
        const parsed = schema.safeParse(parseJson(body));
        if (!parsed.success) throw validationProblem(parsed.error);
        // Only the code goes on: no "trust this device" cookie skips the second factor later.
        body = JSON.stringify({ code: parsed.data.code });
        if (path === '/two-factor/verify-totp' && step.userId) {
          step.code = parsed.data.code;
          const ctx = await auth.$context;
          const used = await ctx.internalAdapter.findVerificationValue(usedCodeKey(step.userId, step.code));
          if (used && new Date(used.expiresAt) > new Date()) {
            await audit({
              userId: step.userId,
              action: 'two_factor_failed',
              resourceType: 'user',
              resourceId: step.userId,
              details: { method: 'totp', reused: true },
              ipAddress: ip,
              userAgent: headers.get('user-agent'),
            });
            throw new ProblemError(401, 'invalid_code', 'This code was already used. Wait for the next one.');
          }
        }
        step.enabling = !!current && !(await twoFactorEnabled({ id: current.user.id }));
        // The enabling step's new session is marked by the session hook (auth.ts); this one stays.
        if (current && !step.enabling) step.stepUpSessionId = current.user.sessionId;
        return { body, step };
      }

      await throttle.consume(PASSWORD_ACTION, ip, step.userId ?? undefined);
      if (PASSKEY_CHANGES.has(path) && current) {
        const parsed = PasswordField.safeParse(parseJson(body));
        if (!parsed.success) throw validationProblem(parsed.error);
        const { password, ...rest } = parsed.data;
        await checkPassword(current.user.id, password);
        if (typeof rest.id === 'string') step.resourceId = rest.id;
        body = JSON.stringify(rest);
      }
      return { body, step };
    },

    /** After better-auth answered: audit what changed, clear the account's failures on success. */
    async after(step: GateStep, res: Response, meta: { ipAddress: string; userAgent: string | null }) {
      const { path, userId } = step;
      if (!userId) return;
      const record = (
        action: string,
        extra: { resourceType?: string; resourceId?: string; details?: Record<string, unknown> } = {},
      ) => audit({ userId, action, resourceType: 'user', resourceId: userId, ...extra, ...meta });

      if (CODE_SCHEMAS[path]) {
        const method = path === '/two-factor/verify-totp' ? 'totp' : 'backup_code';
        if (!res.ok) {
          if (res.status === 401 || res.status === 429)
            await record('two_factor_failed', { details: { method } });
          return;
        }
        await throttle.reset(CODE_ACTION, userId);
        if (step.stepUpSessionId) {
          await markSessionSecondFactor(db, userId, step.stepUpSessionId, method);
          await record('second_factor_confirmed', { details: { method } });
        }
        if (step.code)
          await (await auth.$context).internalAdapter.createVerificationValue({
            identifier: usedCodeKey(userId, step.code),
            value: userId,
            expiresAt: new Date(Date.now() + USED_CODE_SECONDS * 1000),
          });
        if (method === 'backup_code') await record('backup_code_used');
        else if (step.enabling) await record('two_factor_enabled', { details: { method } });
        return;
      }
      if (!res.ok) return;
      await throttle.reset(PASSWORD_ACTION, userId);
      if (path === '/two-factor/disable') await record('two_factor_disabled');
      else if (path === '/two-factor/generate-backup-codes') await record('backup_codes_regenerated');
      else if (path === '/passkey/verify-registration') {
        const created = (await res
          .clone()
          .json()
          .catch(() => ({}))) as { id?: string };
        await record('passkey_added', { resourceType: 'passkey', resourceId: created.id });
      } else if (path === '/passkey/delete-passkey')
        await record('passkey_removed', { resourceType: 'passkey', resourceId: step.resourceId });
    },
  };
};

export type TwoFactorGate = ReturnType<typeof createTwoFactorGate>;
