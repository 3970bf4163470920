import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';

/** One line per API request; never bodies, so no health value reaches the log. */
export const requestLog = (logger: Logger) =>
  createMiddleware(async (c, next) => {
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    const level = c.res.status >= 500 ? 'error' : 'info';
    logger[level](
      { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms },
      'request',
    );
  });
