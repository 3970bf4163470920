import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { ProblemError } from './problem';

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
    if (SIMPLE_TYPES.has(type)) {
      throw new ProblemError(
        403,
        'csrf_rejected',
        `Requests that change data must not use ${type}; send application/json.`,
      );
    }
    return next();
  });

/** The client address as this server sees it: the socket, or the last proxy hop when TRUST_PROXY is set. */
export const clientAddress = (trustProxy: boolean) =>
  createMiddleware(async (c, next) => {
    let ip: string | undefined;
    if (trustProxy) ip = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined;
      }
    }
    c.set('clientIp', ip ?? 'unknown');
    return next();
  });
