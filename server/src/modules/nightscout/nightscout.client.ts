import { BlockedAddressError, type OutboundClient, OutboundError } from '../../http/outbound';
import { sha1Hex } from './ns-credentials.service';

/**
 * The one place the server talks to a user's Nightscout site. The address is the user's, so the
 * request goes through the server's outbound client (http/outbound.ts): only http(s), public addresses
 * checked as resolved and connected to as checked (or origins the operator admits with
 * OUTBOUND_ALLOW), no redirects followed, a time limit and a size limit.
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

const MAX_BYTES = 5 * 1024 * 1024;
export const PAGE_SIZE = 1000;

/** The outbound client's refusals, in Nightscout's words. */
const asNightscoutError = (err: unknown) => {
  if (err instanceof BlockedAddressError) return new NightscoutError('blocked_address', err.message);
  if (err instanceof OutboundError)
    return new NightscoutError(
      err.code === 'too_large' ? 'invalid_response' : err.code === 'redirect' ? 'http_error' : 'unreachable',
      err.message,
    );
  return err;
};

/** Refuses an address whose host is (or resolves to) a private network, unless the operator admits it. */
export const checkSiteAddress = async (outbound: OutboundClient, siteUrl: string) => {
  try {
    await outbound.check(siteUrl);
  } catch (err) {
    throw asNightscoutError(err);
  }
};

export interface NightscoutEntry {
  [key: string]: unknown;
}

/**
 * One page of sgv entries, newest first: `find[date][$gte]` (and `$lt` to page backwards), `count`.
 * sgv values are mg/dL whatever the site displays.
 */
export const fetchSgvPage = async (
  outbound: OutboundClient,
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
  let res: Awaited<ReturnType<OutboundClient['request']>>;
  try {
    res = await outbound.request(url, { headers, maxBytes: MAX_BYTES });
  } catch (err) {
    throw asNightscoutError(err);
  }
  if (res.status === 401 || res.status === 403)
    throw new NightscoutError('unauthorized', 'Nightscout refused the token or API secret.');
  if (res.status < 200 || res.status >= 300)
    throw new NightscoutError('http_error', `The site answered with HTTP ${res.status}.`);
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new NightscoutError('invalid_response', 'The site did not answer with Nightscout entries.');
  }
  if (!Array.isArray(body))
    throw new NightscoutError('invalid_response', 'The site did not answer with Nightscout entries.');
  return body as NightscoutEntry[];
};
