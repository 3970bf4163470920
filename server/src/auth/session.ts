import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { parse } from 'hono/utils/cookie';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { session } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ProblemError } from '../http/problem';

export interface ResolvedSession {
  user: SessionUser;
  /** Set-Cookie headers to pass on (the sliding expiry's refreshed Max-Age). */
  setCookies: string[];
}

export type SessionResolver = (headers: Headers) => Promise<ResolvedSession | null>;

export const sessionCookieName = (config: Config) =>
  `${config.https ? '__Secure-' : ''}healthfolio.session_token`;

/** Removes our session cookies from a Cookie header, keeping the rest (an OAuth round trip's state). */
export const stripSessionCookies = (headers: Headers, config: Config) => {
  const prefix = sessionCookieName(config).slice(0, -'session_token'.length);
  const names = new Set(['session_token', 'session_data', 'dont_remember'].map((n) => prefix + n));
  const kept = (headers.get('cookie') ?? '')
    .split(';')
    .filter((part) => !names.has(part.split('=')[0]!.trim()))
    .join(';');
  if (kept.trim()) headers.set('cookie', kept);
  else headers.delete('cookie');
};

/** better-auth's cookie is `token.base64(HMAC-SHA256(secret, token))`; checked without a database trip. */
export const verifiedToken = (raw: string | undefined, secret: string) => {
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const token = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
};

type Row = {
  id: string;
  token: string;
  created_at: Date;
  expires_at: Date;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
};

/**
 * Reads the session behind the request's cookie with one query (the API's hot path). Expiry follows
 * better-auth's rules: sliding `expiresIn` (the idle timeout), refreshed at most every `updateAge`;
 * the absolute limit from sign-in (SESSION_ABSOLUTE_HOURS) is enforced here, deleting the session.
 */
export const createSessionResolver = (db: Database, config: Config): SessionResolver => {
  const name = sessionCookieName(config);
  const idleMs = config.session.idleSeconds * 1000;
  const updateAgeMs = Math.min(300, Math.floor(config.session.idleSeconds / 2)) * 1000;
  return async (headers) => {
    const cookie = headers.get('cookie');
    if (!cookie) return null;
    const token = verifiedToken(parse(cookie, name)[name], config.sessionSecret);
    if (!token) return null;
    const { rows } = await db.owner.execute<Row>(sql`
      select s.id, s.token, s.created_at, s.expires_at, u.id as user_id, u.email, u.name, u.email_verified
      from auth.session s join auth.user u on u.id = s.user_id where s.token = ${token}`);
    const row = rows[0];
    if (!row) return null;
    const now = Date.now();
    const expiresAt = new Date(row.expires_at).getTime();
    if (
      expiresAt <= now ||
      now - new Date(row.created_at).getTime() > config.session.absoluteSeconds * 1000
    ) {
      await db.owner.delete(session).where(eq(session.id, row.id));
      return null;
    }
    const setCookies: string[] = [];
    if (now - (expiresAt - idleMs) >= updateAgeMs) {
      await db.owner
        .update(session)
        .set({ expiresAt: new Date(now + idleMs), updatedAt: new Date(now) })
        .where(eq(session.id, row.id));
      const attrs = `Max-Age=${config.session.idleSeconds}; Path=/; HttpOnly; SameSite=Lax${config.https ? '; Secure' : ''}`;
      setCookies.push(`${name}=${encodeURIComponent(parse(cookie, name)[name]!)}; ${attrs}`);
    }
    return {
      user: {
        id: row.user_id,
        email: row.email,
        name: row.name,
        emailVerified: row.email_verified,
        sessionId: row.id,
        sessionToken: row.token,
      },
      setCookies,
    };
  };
};

/** Guards a route: 401 problem without a live session, else `c.get('user')` is the signed-in user. */
export const requireUser = (resolve: SessionResolver) =>
  createMiddleware(async (c, next) => {
    const resolved = await resolve(c.req.raw.headers);
    if (!resolved) throw new ProblemError(401, 'unauthenticated', 'Please sign in to continue.');
    c.set('user', resolved.user);
    await next();
    for (const cookie of resolved.setCookies) c.res.headers.append('set-cookie', cookie);
  });
