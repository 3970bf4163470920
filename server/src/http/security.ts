import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { resolveClientIp } from './client-ip';
import { ProblemError } from './problem';

/**
 * Powerful browser features the app never uses are switched off for it and anything it embeds, so an
 * injected script cannot reach the camera, microphone or location. Passkey sign-in (WebAuthn) stays
 * allowed for our own origin; creating a passkey is `self` by default.
 */
const PERMISSIONS_POLICY = {
  accelerometer: false,
  autoplay: false,
  bluetooth: false,
  browsingTopics: false,
  camera: false,
  displayCapture: false,
  geolocation: false,
  gyroscope: false,
  hid: false,
  magnetometer: false,
  microphone: false,
  midi: false,
  payment: false,
  publickeyCredentialsGet: ['self'],
  serial: false,
  usb: false,
  xrSpatialTracking: false,
};

/**
 * `styleHashes`: the inline styles the built web app uses (see webStyleHashes in ./static), allowed
 * by hash so style-src needs no 'unsafe-inline'. Style attributes in served HTML stay blocked; React
 * sets the ones it needs through the CSSOM, which the CSP does not govern.
 */
export const securityHeaders = (https: boolean, styleHashes: string[] = []) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleHashes],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      // The SHL viewer shows the decrypted PDF from a blob: URL made by our own script.
      frameSrc: ["'self'", 'blob:'],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    permissionsPolicy: PERMISSIONS_POLICY,
    // A response that sets its own (stricter) policy keeps it: uploaded files are sandboxed.
    overwrite: false,
  });

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
