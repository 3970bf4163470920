import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { session } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ProblemError } from '../http/problem';
import type { Auth } from './auth';

export interface ResolvedSession {
  user: SessionUser;
  /** Set-Cookie headers better-auth produced (sliding expiry refresh) to pass on to the client. */
  setCookies: string[];
}

export type SessionResolver = (headers: Headers) => Promise<ResolvedSession | null>;

/**
 * Reads the session behind the request's cookie. better-auth's sliding expiry is the idle timeout;
 * the absolute limit (SESSION_ABSOLUTE_HOURS from sign-in) is enforced here, deleting the session.
 */
export const createSessionResolver =
  (auth: Auth, db: Database, config: Config): SessionResolver =>
  async (headers) => {
    if (!headers.get('cookie')) return null;
    const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
    if (!response) return null;
    const age = Date.now() - new Date(response.session.createdAt).getTime();
    if (age > config.session.absoluteSeconds * 1000) {
      await db.owner.delete(session).where(eq(session.id, response.session.id));
      return null;
    }
    return {
      user: {
        id: response.user.id,
        email: response.user.email,
        name: response.user.name,
        emailVerified: response.user.emailVerified,
        sessionId: response.session.id,
        sessionToken: response.session.token,
      },
      setCookies: out.getSetCookie(),
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
