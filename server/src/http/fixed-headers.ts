import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { createMiddleware } from 'hono/factory';

// A request id the client sent is kept when it is a plain token (as hono's requestId middleware did).
const GIVEN_ID = /^[\w\-=]{1,255}$/;

type Header = readonly [string, string];
/** node's own record of a response's headers: lower-cased name → [name as given, value]. */
type HeaderRecord = Record<string, [string, string]>;

/**
 * Where node keeps a response's headers (an internal symbol). Found and checked once, on a probe
 * response: a fresh response has none, `setHeader` fills the record in the shape above, and a record
 * put there is what `getHeader` reads. Undefined on a Node that keeps them otherwise: then every
 * header goes through `setHeader`.
 */
const headerSlot = (() => {
  const probe = new ServerResponse(new IncomingMessage(new Socket())) as unknown as Record<symbol, unknown>;
  const slot = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'kOutHeaders');
  if (!slot || probe[slot] !== null) return undefined;
  const res = probe as unknown as ServerResponse;
  res.setHeader('X-Probe', 'set');
  const record = probe[slot] as HeaderRecord | null;
  if (record?.['x-probe']?.[0] !== 'X-Probe' || record['x-probe'][1] !== 'set') return undefined;
  probe[slot] = Object.assign(Object.create(null), { 'x-probe': ['X-Probe', 'put'] });
  return res.getHeader('x-probe') === 'put' && res.hasHeader('X-Probe') ? slot : undefined;
})();

/** A header list as node's record, validated once by node itself (on a probe response). */
const prebuilt = (headers: readonly Header[]): HeaderRecord => {
  const probe = new ServerResponse(new IncomingMessage(new Socket()));
  for (const [name, value] of headers) probe.setHeader(name, value);
  return Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), [name, value]]));
};

/** Onto node's response before anything else set a header: one copy of the prebuilt record. */
const putAll = (outgoing: ServerResponse, headers: readonly Header[], record: HeaderRecord) => {
  const own = outgoing as unknown as Record<symbol, unknown>;
  if (headerSlot && own[headerSlot] === null) {
    // Entries copied too: node changes an entry in place when a value is appended to it.
    const copy: HeaderRecord = Object.create(null);
    for (const key in record) copy[key] = [record[key]![0], record[key]![1]];
    own[headerSlot] = copy;
  } else for (const [name, value] of headers) outgoing.setHeader(name, value);
};

/**
 * The headers every response carries: the security headers (./security), `Vary: Accept-Encoding`
 * and the request id (`c.get('requestId')`, also in each log line and problem body).
 *
 * Under the Node server they are set on node's own response before the handler runs: node sends them
 * with the handler's headers, and a header the handler (or a later middleware) sets itself wins — a
 * document's sandbox CSP, a shared link's `no-referrer`. Setting a dozen headers on the web `Response`
 * after every handler, through undici's validating `Headers`, cost more than the profile read's
 * database work; the set is now built (and validated) once, and each response gets a copy of it
 * instead of a dozen validated `setHeader` calls. Without a Node response (in-process requests: the
 * tests), the same headers go onto the `Response`, each only where the handler did not set it.
 */
export const fixedHeaders = (
  headers: readonly Header[],
  /** Added for paths under `apiPrefixes` (`Cache-Control: no-store`: answers are private and current). */
  apiHeaders: readonly Header[] = [],
  apiPrefixes: readonly string[] = ['/api/'],
) => {
  const forApi = [...headers, ...apiHeaders];
  const records = { all: prebuilt(headers), api: prebuilt(forApi) };
  return createMiddleware(async (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && GIVEN_ID.test(given) ? given : randomUUID();
    c.set('requestId', id);
    const api = apiPrefixes.some((p) => c.req.path.startsWith(p));
    const all = api ? forApi : headers;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      putAll(outgoing, all, api ? records.api : records.all);
      outgoing.setHeader('X-Request-Id', id);
      return next();
    }
    await next();
    const own = c.res.headers;
    for (const [name, value] of all) if (!own.has(name)) own.set(name, value);
    if (!own.has('X-Request-Id')) own.set('X-Request-Id', id);
  });
};
