import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { Logger } from 'pino';
import { requestLineLogger } from './log-safety';
import type { RequestMetrics } from './request-metrics';

// A path word of a route (`sign-in`, `reset-password`, `email`), not an id or a token.
const ROUTE_WORD = /^[a-z][a-z-]{0,39}$/;

/**
 * The path as a pattern, never as requested: reset links (`/api/auth/reset-password/<token>`),
 * calendar feeds (`/api/v1/calendar/<token>.ics`) and record ids live in the path, and tokens in the
 * query string, which is never logged. A named route logs its pattern (`/api/v1/entries/:id`); a
 * catch-all (better-auth under `/api/auth/*`, unknown paths) logs the path with every segment that is
 * not a plain route word replaced by `:param`.
 */
export const loggedRoute = (c: Context) => {
  // After next() the route index points at the handler that answered (or threw).
  const pattern = routePath(c).replace(/\{[^}]*\}/g, '');
  if (pattern && !pattern.includes('*')) return pattern;
  let afterReset = false;
  return c.req.path
    .split('/')
    .map((segment) => {
      const keep = segment === '' || (ROUTE_WORD.test(segment) && !afterReset);
      afterReset = segment === 'reset-password';
      return keep ? segment : ':param';
    })
    .join('/');
};

/** One line per API request; never bodies, query strings or path values. Feeds the admin's metrics. */
export const requestLog = (logger: Logger, metrics?: RequestMetrics) => {
  const lines = requestLineLogger(logger);
  return createMiddleware(async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    metrics?.record(ms, c.res.status);
    const level = c.res.status >= 500 ? 'error' : 'info';
    lines[level](
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        route: loggedRoute(c),
        status: c.res.status,
        ms,
      },
      'request',
    );
  });
};
