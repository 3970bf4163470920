import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';

const gzipOrDeflate = compress();

/** Every response may differ by `Accept-Encoding` (sent with the fixed headers, ./fixed-headers). */
export const VARY = ['Vary', 'Accept-Encoding'] as const;

/**
 * hono's `compress`, without its cost on responses it leaves alone. After the handler it adds
 * `Vary: Accept-Encoding` through `c.header` unless the response has it, which, once a response
 * exists, rebuilds that response around a stream of its body: @hono/node-server then pipes a web
 * stream instead of writing the JSON string it was given. So clients that accept no encoding skip it
 * (their `Vary` comes with the fixed headers), and for the others `Vary` is announced before the
 * handler (hono merges it into the response the handler builds).
 */
export const compressResponses = () =>
  createMiddleware(async (c, next) => {
    if (!c.req.header('accept-encoding')) return next();
    c.header(...VARY);
    return gzipOrDeflate(c, next);
  });
