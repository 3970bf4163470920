import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { sha1Hex } from './ns-credentials.service';

/**
 * The one place the server talks to a user's Nightscout site. The address is the user's, so this is
 * a request to wherever they point it (server-side request forgery): only http(s), no redirects
 * followed, a time limit, a size limit, and — unless the operator allows it — no private, loopback or
 * link-local addresses. A name that resolves differently between the check and the request (DNS
 * rebinding) is not caught; docs/operations.md says so.
 */

export class NightscoutError extends Error {
  constructor(
    readonly code: 'unauthorized' | 'http_error' | 'unreachable' | 'invalid_response' | 'blocked_address',
    message: string,
  ) {
    super(message);
  }
}

export interface NightscoutCredential {
  kind: 'token' | 'api_secret';
  value: string;
}

const TIMEOUT_MS = 15_000;
const MAX_BYTES = 5 * 1024 * 1024;
export const PAGE_SIZE = 1000;

const isPrivateV4 = (ip: string) => {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
};

export const isPrivateAddress = (ip: string) => {
  if (isIP(ip) === 4) return isPrivateV4(ip);
  const v6 = ip.toLowerCase();
  const mapped = v6.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (mapped) return isPrivateV4(mapped);
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6);
};

/** Refuses an address whose host is (or resolves to) a private network, unless allowed. */
export const checkSiteAddress = async (siteUrl: string, allowPrivate: boolean) => {
  const url = new URL(siteUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new NightscoutError('blocked_address', 'Only http:// and https:// addresses can be used.');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new NightscoutError('unreachable', 'The site’s name could not be found.');
  }
  if (addresses.some(isPrivateAddress))
    throw new NightscoutError(
      'blocked_address',
      'This address points into a private network and cannot be used.',
    );
};

export interface NightscoutEntry {
  [key: string]: unknown;
}

/**
 * One page of sgv entries, newest first: `find[date][$gte]` (and `$lt` to page backwards), `count`.
 * sgv values are mg/dL whatever the site displays.
 */
export const fetchSgvPage = async (
  siteUrl: string,
  credential: NightscoutCredential,
  q: { sinceMs: number; beforeMs?: number; count?: number },
): Promise<NightscoutEntry[]> => {
  const url = new URL(`${siteUrl.replace(/\/+$/, '')}/api/v1/entries/sgv.json`);
  url.searchParams.set('find[date][$gte]', String(q.sinceMs));
  if (q.beforeMs !== undefined) url.searchParams.set('find[date][$lt]', String(q.beforeMs));
  url.searchParams.set('count', String(q.count ?? PAGE_SIZE));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credential.kind === 'api_secret') headers['api-secret'] = sha1Hex(credential.value);
  else url.searchParams.set('token', credential.value);
  let res: Response;
  try {
    res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new NightscoutError('unreachable', 'The site could not be reached.');
  }
  if (res.status === 401 || res.status === 403)
    throw new NightscoutError('unauthorized', 'Nightscout refused the token or API secret.');
  if (res.status >= 300 && res.status < 400)
    throw new NightscoutError('http_error', 'The site answered with a redirect; enter its final address.');
  if (!res.ok) throw new NightscoutError('http_error', `The site answered with HTTP ${res.status}.`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new NightscoutError('invalid_response', 'The site’s answer is too large.');
  const text = await res.text();
  if (text.length > MAX_BYTES)
    throw new NightscoutError('invalid_response', 'The site’s answer is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new NightscoutError('invalid_response', 'The site did not answer with Nightscout entries.');
  }
  if (!Array.isArray(body))
    throw new NightscoutError('invalid_response', 'The site did not answer with Nightscout entries.');
  return body as NightscoutEntry[];
};
