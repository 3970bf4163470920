import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';

const gzipOrDeflate = compress();

/**
 * hono's `compress`, without its cost on responses it leaves alone. After the handler it adds
 * `Vary: Accept-Encoding` through `c.header`, which, once a response exists, rebuilds that response
 * around a stream of its body: @hono/node-server then pipes a web stream instead of writing the
 * JSON string it was given. Announced before the handler (hono merges it into the response the
 * handler builds), the `Vary` is already there and the response is left as it was whenever it is
 * not compressed — always for clients that accept no encoding.
 */
export const compressResponses = () =>
  createMiddleware(async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    if (!c.req.header('accept-encoding')) return next();
    return gzipOrDeflate(c, next);
  });
