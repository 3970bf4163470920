import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../app-deps';
import { HOUSEHOLD_FOLLOW_PATH } from '../household/household-followers.service';
import { serveNsV1 } from './ns-api.routes';
import { carriesNsCredential, presentedOf, resolveNsAuth } from './ns-auth';
import { pebble, properties } from './ns-follow.service';
import { consumeOrRefuse, nsError, nsPerIpLimiter } from './ns-http';
import { serveNsV3 } from './ns-v3.routes';

/**
 * API v2 `properties[/name,name]` and `/pebble`, for the credential's person (a follower or an
 * upload credential), under `/ns/{slug}` or at the root.
 */
export const serveNsPlugins = async (
  c: Context,
  deps: AppDeps,
  slug: string | null,
  what: { properties: string } | { pebble: true },
) => {
  const refused = await consumeOrRefuse(c, nsPerIpLimiter(deps.limiter));
  if (refused) return refused;
  c.header('Cache-Control', 'no-store');
  const auth = await resolveNsAuth(c.get('db'), deps.config.sessionSecret, slug, presentedOf(c));
  if (!auth) return nsError(c, 401, 'Unauthorized', 'Invalid/Missing');
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return nsError(c, 404, 'Not Found');
  if ('pebble' in what) return c.json(await pebble(c.get('db'), auth, c.req.query()));
  const selected = what.properties.split(/[,/]/).filter(Boolean);
  return c.json(await properties(c.get('db'), auth, selected));
};

const PROPERTIES = /^\/api\/v2\/properties(?:\/(.*))?$/;

/**
 * The one place the site's root is routed between Nightscout and Healthfolio's own API. Follower apps
 * and Loop keep only the host of the address they were given, so a request that carries a Nightscout
 * credential (`?token=`, `api-secret`, `Authorization: Bearer`) at `/api/v1/…`, `/api/v2/properties`
 * or `/api/v3/…` is answered as Nightscout for that credential's person; anything else (a session
 * cookie, or nothing) goes on to the app's own routes, which keep their `/api/v1/entries` and
 * `/api/v1/profile`. `/pebble` is Nightscout's only. Mounted before the app's `/api` middleware, so
 * these answers take none of its cookie rules (CSRF, the session) and draw on the Nightscout budget.
 */
export const nsRootDispatch = (deps: AppDeps): MiddlewareHandler => {
  const perIp = nsPerIpLimiter(deps.limiter);
  return async (c, next) => {
    const path = c.req.path;
    if (path === '/pebble' || path === '/pebble.json') return serveNsPlugins(c, deps, null, { pebble: true });
    if (!path.startsWith('/api/v') || !carriesNsCredential(c)) return next();
    // The household follower door takes its own token (`household-…`), never a Nightscout one.
    if (path === HOUSEHOLD_FOLLOW_PATH) return next();
    if (path.startsWith('/api/v1/')) return serveNsV1(c, deps, null, path.slice('/api/v1/'.length));
    if (path.startsWith('/api/v3/')) return serveNsV3(c, deps, perIp, null, path.slice('/api/v3/'.length));
    const props = PROPERTIES.exec(path);
    if (props) return serveNsPlugins(c, deps, null, { properties: props[1] ?? '' });
    return next();
  };
};
