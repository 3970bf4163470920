import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createMiddleware } from 'hono/factory';

// A request id the client sent is kept when it is a plain token (as hono's requestId middleware did).
const GIVEN_ID = /^[\w\-=]{1,255}$/;

type Header = readonly [string, string];

/**
 * The headers every response carries: the security headers (./security), `Vary: Accept-Encoding`
 * and the request id (`c.get('requestId')`, also in each log line and problem body).
 *
 * Under the Node server they are set on node's own response before the handler runs: node sends them
 * with the handler's headers, and a header the handler (or a later middleware) sets itself wins — a
 * document's sandbox CSP, a shared link's `no-referrer`. Setting a dozen headers on the web `Response`
 * after every handler, through undici's validating `Headers`, cost more than the profile read's
 * database work. Without a Node response (in-process requests: the tests), the same headers go onto
 * the `Response`, each only where the handler did not set it.
 */
export const fixedHeaders = (
  headers: readonly Header[],
  /** Added for `/api/` paths (`Cache-Control: no-store`: answers are private and current). */
  apiHeaders: readonly Header[] = [],
) => {
  const forApi = [...headers, ...apiHeaders];
  return createMiddleware(async (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && GIVEN_ID.test(given) ? given : randomUUID();
    c.set('requestId', id);
    const all = c.req.path.startsWith('/api/') ? forApi : headers;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      for (const [name, value] of all) outgoing.setHeader(name, value);
      outgoing.setHeader('X-Request-Id', id);
      return next();
    }
    await next();
    const own = c.res.headers;
    for (const [name, value] of all) if (!own.has(name)) own.set(name, value);
    if (!own.has('X-Request-Id')) own.set('X-Request-Id', id);
  });
};
