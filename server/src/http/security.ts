import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { resolveClientIp } from './client-ip';
import { ProblemError } from './problem';

/**
 * Powerful browser features the app never uses are switched off for it and anything it embeds, so an
 * injected script cannot reach the camera, microphone or location. Passkey sign-in (WebAuthn) stays
 * allowed for our own origin; creating a passkey is `self` by default.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=(self)',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * `styleHashes`: the inline styles the built web app uses (see webStyleHashes in ./static), allowed
 * by hash so style-src needs no 'unsafe-inline'. Style attributes in served HTML stay blocked; React
 * sets the ones it needs through the CSSOM, which the CSP does not govern.
 */
const contentSecurityPolicy = (styleHashes: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The installable app: its service worker (web/src/sw.ts) and manifest, from this origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    // The SHL viewer shows the decrypted PDF from a blob: URL made by our own script.
    "frame-src 'self' blob:",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The security headers of every response (sent by ./fixed-headers). A response that sets its own
 * (stricter) policy keeps it: uploaded files are sandboxed.
 */
export const securityHeaders = (https: boolean, styleHashes: string[] = []): [string, string][] => [
  ['Content-Security-Policy', contentSecurityPolicy(styleHashes)],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ...(https
    ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
    : []),
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins that are this server. A server whose APP_URL is a loopback address is the same server
 * under each loopback name (localhost, 127.0.0.1, [::1]) on the same scheme and port, so a person who
 * opens it by another of those names is not cross-site. A public APP_URL is its only origin.
 */
export const ownOrigins = (appUrl: string): string[] => {
  const url = new URL(appUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// What a cross-site HTML form can send without a CORS preflight.
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * State-changing requests must come from our own origin and carry a non-simple content type, so a
 * page on another site cannot forge one with the user's cookie.
 */
export const csrfProtection = (allowedOrigins: string[]) =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if ((origin && !allowedOrigins.includes(origin)) || site === 'cross-site') {
      throw new ProblemError(403, 'csrf_rejected', 'Cross-site requests are not allowed.');
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    // A file upload is multipart; the custom header (which no cross-site form can send, and no
    // cross-site script without a CORS preflight we never grant) keeps it as safe as JSON.
    const upload = type === 'multipart/form-data' && c.req.header('x-requested-with') === 'healthfolio';
    if (SIMPLE_TYPES.has(type) && !upload) {
      throw new ProblemError(
        403,
        'csrf_rejected',
        `Requests that change data must not use ${type}; send application/json.`,
      );
    }
    return next();
  });

/**
 * The client address as this server sees it: the socket, or, behind `trustProxyHops` reverse proxies
 * (TRUST_PROXY), the X-Forwarded-For entry that many hops from the right.
 */
export const clientAddress = (trustProxyHops: number) =>
  createMiddleware(async (c, next) => {
    let socket: string | undefined;
    try {
      socket = getConnInfo(c).remote.address;
    } catch {
      socket = undefined;
    }
    c.set('clientIp', resolveClientIp(socket, c.req.header('x-forwarded-for'), trustProxyHops));
    return next();
  });
