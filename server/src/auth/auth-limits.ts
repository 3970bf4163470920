import { ProblemError } from '../http/problem';

/**
 * Sizes every auth request is held to before anything parses or checks it (issue 29). better-auth
 * validates `callbackURL` and its kin against the trusted origins and logs a refused one in full; a
 * 100,000-character one held the event loop for seconds (our log scrubber was quadratic in it, see
 * http/log-safety.ts). No real address, token or passkey field comes near these.
 */
export const AUTH_LIMITS = {
  /** The path and query together. */
  target: 4096,
  /** A callback or redirect address, in the body or the query. */
  url: 2048,
  /** Any other string in the body or the query (passkey attestations are the longest, a few KB). */
  string: 16_384,
  /** The whole body. */
  body: 256 * 1024,
} as const;

/** Where better-auth reads a callback or redirect address. */
const URL_FIELDS = new Set([
  'callbackURL',
  'errorCallbackURL',
  'newUserCallbackURL',
  'redirectTo',
  'redirectURL',
]);

type Issue = { path: string; message: string };

const checkString = (path: string, key: string, value: string, issues: Issue[]) => {
  const max = URL_FIELDS.has(key) ? AUTH_LIMITS.url : AUTH_LIMITS.string;
  if (value.length > max) issues.push({ path, message: `At most ${max} characters` });
};

/** Every string in a parsed body, at any depth (the depth is already capped by http/request-guards). */
const walk = (value: unknown, path: string, key: string, issues: Issue[]) => {
  if (typeof value === 'string') checkString(path || '(root)', key, value, issues);
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) walk(v, path ? `${path}.${i}` : `${i}`, key, issues);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, k, issues);
};

const tooLong = (issues: Issue[]) =>
  new ProblemError(
    400,
    'validation_failed',
    'The request is not valid. See errors for each problem.',
    issues,
  );

/** Throws a problem when the request's address or its query is longer than an auth route takes. */
export const checkAuthAddress = (url: URL) => {
  if (url.pathname.length + url.search.length > AUTH_LIMITS.target)
    throw new ProblemError(414, 'uri_too_long', 'The address is too long.');
  const issues: Issue[] = [];
  for (const [key, value] of url.searchParams) checkString(key, key, value, issues);
  if (issues.length > 0) throw tooLong(issues);
};

/** Throws a problem when the body, or any string in it, is longer than an auth route takes. */
export const checkAuthBody = (body: string, contentType: string | undefined) => {
  if (body.length > AUTH_LIMITS.body)
    throw new ProblemError(413, 'payload_too_large', 'The request body is too large.');
  const issues: Issue[] = [];
  if (contentType?.includes('application/x-www-form-urlencoded'))
    for (const [key, value] of new URLSearchParams(body)) checkString(key, key, value, issues);
  else {
    let parsed: unknown;
    try {
      parsed = body ? JSON.parse(body) : undefined;
    } catch {
      return; // not JSON: the route's own parsing answers malformed_json
    }
    walk(parsed, '', '', issues);
  }
  if (issues.length > 0) throw tooLong(issues);
};
