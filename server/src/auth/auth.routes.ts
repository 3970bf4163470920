import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { user } from '../db/schema';
import { problemBody } from '../http/problem';
import type { AuditRecorder } from '../modules/audit/audit.service';
import type { RealtimeBus } from '../realtime/bus';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { AUTH_RULES, parseAuthBody } from './auth-request';
import { translateOAuth2 } from './oauth2-alias';
import type { SessionResolver } from './session';
import type { AuthThrottle } from './throttle';

interface AuthRouteDeps {
  auth: Auth;
  db: Database;
  audit: AuditRecorder;
  throttle: AuthThrottle;
  resolveSession: SessionResolver;
  bus: RealtimeBus;
}

/** better-auth's JSON errors become problem documents (keeping `message` for its client). */
const toProblem = async (res: Response, requestId: string) => {
  if (res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  const detail = body.message ?? res.statusText;
  const problem = {
    ...problemBody(res.status, (body.code ?? 'auth_error').toLowerCase(), detail, { requestId }),
    message: detail,
  };
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/problem+json');
  headers.set('cache-control', 'no-store');
  headers.delete('content-length');
  return new Response(JSON.stringify(problem), { status: res.status, headers });
};

/**
 * better-auth at its default /api/auth/* paths, wrapped: bodies are validated with the core schemas,
 * credential endpoints throttled before any hashing, the client IP set from our own view of the
 * socket, failed sign-ins and sign-outs audited, and errors shaped as problems.
 */
export const authRoutes = ({ auth, db, audit, throttle, resolveSession, bus }: AuthRouteDeps) => {
  const app = new Hono();
  app.all('/api/auth/*', async (c) => {
    const path = c.req.path.slice('/api/auth'.length);
    const ip = c.get('clientIp');
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const meta = { ipAddress: ip, userAgent: c.req.header('user-agent') ?? null };

    let body: string | undefined;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') body = await c.req.text();
    const rule = AUTH_RULES[path];
    const parsed = rule && c.req.method === 'POST' ? parseAuthBody(path, body ?? '') : undefined;
    const email = typeof parsed?.email === 'string' ? parsed.email : undefined;
    if (rule?.throttle) await throttle.consume(path, ip, rule.throttle === 'account' ? email : undefined);
    if (parsed) body = JSON.stringify(parsed);

    // Sign-out and session reads go through our resolver so the absolute session limit applies; so
    // does every request that may change the signed-in user's sessions or account (any but a GET).
    const changes = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const current = changes || path === '/get-session' ? await resolveSession(headers) : null;
    if (path === '/get-session' && !current) headers.delete('cookie');

    const target = translateOAuth2(c.req.method, path, body);
    const url = new URL(c.req.url);
    url.pathname = `/api/auth${target.path}`;
    const res = await auth.handler(new Request(url, { method: c.req.method, headers, body: target.body }));

    if (path === '/sign-in/email' && email) {
      if (res.ok) await throttle.reset(path, email);
      else if (res.status === 401 || res.status === 403) {
        const [row] = await db.owner.select({ id: user.id }).from(user).where(eq(user.email, email));
        await audit({
          userId: row?.id ?? null,
          action: 'sign_in_failed',
          resourceType: 'user',
          resourceId: row?.id,
          details: { email, status: res.status },
          ...meta,
        });
      }
    }
    // Every process forgets this user's cached sessions before the answer goes out (sign-out, revoking
    // sessions, changing the password, email or name), so the next request anywhere reads them again.
    if (changes && current) await bus.revokeSessions(current.user.id);
    if (path === '/sign-out' && res.ok && current) {
      await audit({
        userId: current.user.id,
        action: 'sign_out',
        resourceType: 'session',
        resourceId: current.user.sessionId,
        ...meta,
      });
    }
    return toProblem(res, c.get('requestId'));
  });
  return app;
};
