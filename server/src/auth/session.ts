import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { session } from '../db/schema';
import type { SessionUser } from '../http/context';
import type { RealtimeBus } from '../realtime/bus';

export interface ResolvedSession {
  user: SessionUser;
  /** Set-Cookie headers to pass on (the sliding expiry's refreshed Max-Age). */
  setCookies: string[];
}

export type SessionResolver = (headers: Headers) => Promise<ResolvedSession | null>;

/** How long a resolved session is answered from memory before it is read again. */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: SessionUser;
  createdAt: number;
  expiresAt: number;
  lastActiveAt: number;
  cachedAt: number;
}

/**
 * Sessions this process resolved in the last few seconds, by their signed cookie value. Sign-out,
 * revocation and password changes reach it from every process through the bus (`revokeSessions`);
 * it is used only while the bus says they do (`sessionsLive`), and a lookup that raced a revocation
 * is not stored. Idle and absolute expiry are checked on every hit from the stored times.
 */
class SessionCache {
  private readonly byCookie = new Map<string, CachedSession>();
  /** Bumped by every revocation: a lookup begun before one must not store what it read. */
  epoch = 0;

  get(key: string) {
    return this.byCookie.get(key);
  }
  set(key: string, entry: CachedSession) {
    // Oldest first out: a Map iterates in insertion order.
    if (this.byCookie.size >= SESSION_CACHE_MAX) this.byCookie.delete(this.byCookie.keys().next().value!);
    this.byCookie.delete(key);
    this.byCookie.set(key, entry);
  }
  delete(key: string) {
    this.byCookie.delete(key);
  }
  revokeUser(userId: string) {
    this.epoch++;
    for (const [key, e] of this.byCookie) if (e.user.id === userId) this.byCookie.delete(key);
  }
  clear() {
    this.epoch++;
    this.byCookie.clear();
  }
}

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
  updated_at: Date;
  expires_at: Date;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
  status: string;
};

// A named statement: parsed and planned once per connection (Database.ownerStatement).
const SESSION_LOOKUP = {
  name: 'healthfolio_session_lookup',
  text: `select s.id, s.token, s.created_at, s.updated_at, s.expires_at, u.id as user_id, u.email, u.name,
      u.email_verified, u.status
    from auth.session s join auth.user u on u.id = s.user_id where s.token = $1`,
};

/** The idle timeout in force: the platform's session_timeout setting, else SESSION_IDLE_MINUTES. */
export interface IdleTimeoutSource {
  sessionTimeoutSeconds(): Promise<number>;
}

/**
 * Reads the session behind the request's cookie with one query (the API's hot path). Idle expiry is
 * the platform's session_timeout (admin console; SESSION_IDLE_MINUTES until set), measured from the
 * last refresh (`updated_at`, moved forward at most every `updateAge`) and from the stored expiry; the
 * absolute limit from sign-in (SESSION_ABSOLUTE_HOURS) is enforced here, deleting the session. An
 * account that is disabled or waiting for approval has no live session.
 */
export const createSessionResolver = (
  db: Database,
  config: Config,
  bus?: RealtimeBus,
  idleSource?: IdleTimeoutSource,
): SessionResolver => {
  const name = sessionCookieName(config);
  const absoluteMs = config.session.absoluteSeconds * 1000;
  const cache = new SessionCache();
  void bus?.watchSessions({ onRevoke: (userId) => cache.revokeUser(userId), onReset: () => cache.clear() });
  const live = () => bus?.sessionsLive() === true;
  const idleSeconds = async () =>
    idleSource ? await idleSource.sessionTimeoutSeconds() : config.session.idleSeconds;

  const fromCache = (key: string, now: number, idleMs: number, updateAgeMs: number) => {
    const hit = live() ? cache.get(key) : undefined;
    if (!hit) return undefined;
    // Expired, past the absolute limit or due for the sliding refresh: the database decides.
    if (
      now - hit.cachedAt >= SESSION_CACHE_MS ||
      hit.expiresAt <= now ||
      now - hit.createdAt > absoluteMs ||
      now - hit.lastActiveAt >= updateAgeMs ||
      now - (hit.expiresAt - idleMs) >= updateAgeMs
    ) {
      cache.delete(key);
      return undefined;
    }
    return { user: hit.user, setCookies: [] };
  };

  return async (headers) => {
    const cookie = headers.get('cookie');
    if (!cookie) return null;
    const signed = parse(cookie, name)[name];
    if (!signed) return null;
    const idleS = await idleSeconds();
    const idleMs = idleS * 1000;
    const updateAgeMs = Math.min(300, Math.floor(idleS / 2)) * 1000;
    // Keyed by the signed cookie value as sent: a hit is a value whose signature was checked when it
    // was stored, so the HMAC is computed only on a miss. (The entry holds the token anyway.)
    const cached = fromCache(signed, Date.now(), idleMs, updateAgeMs);
    if (cached) return cached;
    const token = verifiedToken(signed, config.sessionSecret);
    if (!token) return null;
    const epoch = cache.epoch;
    const [row] = await db.ownerStatement<Row>({ ...SESSION_LOOKUP, values: [token] });
    if (row?.status !== 'active') return null;
    const now = Date.now();
    let expiresAt = new Date(row.expires_at).getTime();
    const createdAt = new Date(row.created_at).getTime();
    let lastActiveAt = new Date(row.updated_at).getTime();
    if (expiresAt <= now || now - createdAt > absoluteMs || now - lastActiveAt > idleMs) {
      await db.owner.delete(session).where(eq(session.id, row.id));
      return null;
    }
    const setCookies: string[] = [];
    if (now - (expiresAt - idleMs) >= updateAgeMs || now - lastActiveAt >= updateAgeMs) {
      expiresAt = now + idleMs;
      lastActiveAt = now;
      await db.owner
        .update(session)
        .set({ expiresAt: new Date(expiresAt), updatedAt: new Date(now) })
        .where(eq(session.id, row.id));
      const attrs = `Max-Age=${idleS}; Path=/; HttpOnly; SameSite=Lax${config.https ? '; Secure' : ''}`;
      setCookies.push(`${name}=${encodeURIComponent(signed)}; ${attrs}`);
    }
    const user: SessionUser = {
      id: row.user_id,
      email: row.email,
      name: row.name,
      emailVerified: row.email_verified,
      sessionId: row.id,
      sessionToken: row.token,
    };
    if (live() && cache.epoch === epoch)
      cache.set(signed, { user, createdAt, expiresAt, lastActiveAt, cachedAt: now });
    return { user, setCookies };
  };
};
