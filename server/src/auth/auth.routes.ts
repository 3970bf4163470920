import { setTimeout as sleep } from 'node:timers/promises';
import { REGISTRATION_CLOSED_MESSAGE } from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { user } from '../db/schema';
import { ProblemError, problemBody } from '../http/problem';
import type { PlatformSettingsStore } from '../modules/admin/platform-settings.store';
import type { AuditRecorder } from '../modules/audit/audit.service';
import { sessionAuditEntry } from '../modules/audit/auth-audit';
import type { RealtimeBus } from '../realtime/bus';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { checkAuthAddress, checkAuthBody } from './auth-limits';
import { EQUAL_ANSWER_PATHS, isUsedAuthEndpoint, SIGN_UP_ACCEPTED } from './auth-paths';
import { AUTH_RULES, parseAuthBody, WRONG_CURRENT_PASSWORD } from './auth-request';
import { translateOAuth2 } from './oauth2-alias';
import { type SessionResolver, sessionCookieName, stripSessionCookies } from './session';
import type { AuthThrottle } from './throttle';
import { createTwoFactorGate } from './two-factor-gate';

interface AuthRouteDeps {
  auth: Auth;
  config: Config;
  db: Database;
  audit: AuditRecorder;
  throttle: AuthThrottle;
  resolveSession: SessionResolver;
  bus: RealtimeBus;
  settings?: PlatformSettingsStore;
}

/** better-auth's words replaced by ours, with the field at fault (copy guide §1: errors name the field). */
const AUTH_PROBLEM_WORDS: Record<string, { message: string; path?: string }> = {
  // Change password with a wrong current password (better-auth: "Invalid password").
  INVALID_PASSWORD: { message: WRONG_CURRENT_PASSWORD, path: 'currentPassword' },
};

/**
 * better-auth's JSON errors become problem documents (keeping `message` for its client). A redirect
 * (the OAuth callback's, to the error page) stays the redirect it is, not a problem with status 302.
 */
const toProblem = async (res: Response, requestId: string) => {
  if (res.status < 400 || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  const own = body.code ? AUTH_PROBLEM_WORDS[body.code] : undefined;
  const detail = own?.message ?? body.message ?? res.statusText;
  const errors = own?.path ? [{ path: own.path, message: own.message }] : undefined;
  const problem = {
    ...problemBody(res.status, (body.code ?? 'auth_error').toLowerCase(), detail, { requestId, errors }),
    message: detail,
  };
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/problem+json');
  headers.set('cache-control', 'no-store');
  headers.delete('content-length');
  return new Response(JSON.stringify(problem), { status: res.status, headers });
};

/**
 * better-auth at its default /api/auth/* paths, wrapped: only the endpoints the app uses are served,
 * every request counts against the client's budget and credential endpoints against tighter ones
 * before any hashing, bodies are validated with the core schemas, any session cookie passes our
 * resolver first (so the absolute session limit holds on every endpoint), the client IP comes from
 * our own view of the socket, answers that could reveal an account are made alike, failed sign-ins
 * and sign-outs are audited, and errors are shaped as problems.
 */
export const authRoutes = (deps: AuthRouteDeps) => {
  const { auth, config, audit, throttle, resolveSession, bus, settings } = deps;
  // Two-factor and passkey endpoints: validated, throttled, password-checked and audited there.
  const twoFactor = createTwoFactorGate(deps);
  const app = new Hono();
  const cookieName = sessionCookieName(config);
  app.all('/api/auth/*', async (c) => {
    const started = Date.now();
    const path = c.req.path.slice('/api/auth'.length);
    if (!isUsedAuthEndpoint(c.req.method, path))
      throw new ProblemError(404, 'not_found', 'There is nothing at this address.');
    checkAuthAddress(new URL(c.req.url));
    const ip = c.get('clientIp');
    await throttle.general(ip);
    // Closed for everyone alike, so the answer says nothing about which addresses have an account.
    if (
      path === '/sign-up/email' &&
      settings &&
      !(await settings.getPlatformSettings()).user_registration.enabled
    )
      throw new ProblemError(403, 'registration_closed', REGISTRATION_CLOSED_MESSAGE);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const meta = { ipAddress: ip, userAgent: c.req.header('user-agent') ?? null };

    // A session past its idle or absolute limit is ended by the resolver and better-auth never sees it.
    const current = (headers.get('cookie') ?? '').includes(cookieName) ? await resolveSession(headers) : null;
    if (!current) stripSessionCookies(headers, config);

    let body: string | undefined;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      body = await c.req.text();
      checkAuthBody(body, c.req.header('content-type'));
    }
    const rule = AUTH_RULES[path];
    const parsed = rule && c.req.method === 'POST' ? parseAuthBody(path, body ?? '') : undefined;
    const email = typeof parsed?.email === 'string' ? parsed.email : undefined;
    // A password change counts against the signed-in user, so a stolen session cannot guess freely.
    const mode = rule?.throttle;
    const account = mode === 'account' ? email : mode === 'session' ? current?.user.id : undefined;
    if (mode) await throttle.consume(path, ip, account);
    if (parsed) body = JSON.stringify(parsed);
    const factor = await twoFactor.before({ path, headers, body, ip, email });
    body = factor.body;

    const target = translateOAuth2(c.req.method, path, body);
    const url = new URL(c.req.url);
    url.pathname = `/api/auth${target.path}`;
    // An empty body is no body: as a string it would be sent as text/plain, which better-auth refuses
    // with a 415 naming a type the client never sent (a bodiless sign-out, found by fuzzing).
    const forwarded = target.body === '' ? undefined : target.body;
    let res = await auth.handler(new Request(url, { method: c.req.method, headers, body: forwarded }));

    if ((path === '/sign-in/email' || mode === 'session') && account && res.ok)
      await throttle.reset(path, account);
    if (path === '/sign-in/email' && email && (res.status === 401 || res.status === 403)) {
      const [row] = await c.get('db').owner.select({ id: user.id }).from(user).where(eq(user.email, email));
      await audit({
        userId: row?.id ?? null,
        action: 'sign_in_failed',
        resourceType: 'user',
        resourceId: row?.id,
        details: { email, status: res.status },
        ...meta,
      });
    }
    await twoFactor.after(factor.step, res, meta);
    // Every process forgets this user's cached sessions before the answer goes out (sign-out, revoking
    // sessions, changing the password, email, name or second factor), so the next request anywhere
    // reads them again.
    if (current && c.req.method !== 'GET' && c.req.method !== 'HEAD')
      await bus.revokeSessions(current.user.id);
    // Sign-out, password change and session revocation, recorded once they succeeded.
    const entry = res.ok && current ? sessionAuditEntry(path, current.user, parsed ?? body) : null;
    if (entry) await audit({ ...entry, ...meta });
    if (path === '/sign-up/email' && res.ok) {
      const shaped = new Headers(res.headers);
      shaped.delete('content-length');
      res = Response.json(SIGN_UP_ACCEPTED, { headers: shaped });
    }
    // The sliding expiry our resolver applied, unless better-auth set (or cleared) the cookie itself.
    if (current && !res.headers.getSetCookie().some((h) => h.startsWith(`${cookieName}=`))) {
      res = new Response(res.body, res);
      for (const cookie of current.setCookies) res.headers.append('set-cookie', cookie);
    }
    if (EQUAL_ANSWER_PATHS.has(path))
      await sleep(Math.max(0, started + config.authMinResponseMs - Date.now()));
    return toProblem(res, c.get('requestId'));
  });
  return app;
};
