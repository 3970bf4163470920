import {
  ConnectHealthSystemRequest,
  ConnectHealthSystemResponse,
  DiscoverHealthSystemRequest,
  DiscoverHealthSystemResponse,
  HealthSystemConnectionsResponse,
  HealthSystemEndpointsQuery,
  HealthSystemEndpointsResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError } from '../../http/problem';
import {
  discoverHealthSystem,
  finishConnect,
  listConnectableEndpoints,
  startConnect,
} from './connect.service';
import { disconnect, listConnections, requestSync } from './connections.service';
import { healthSystemsDeps } from './health-systems.deps';
import { instanceJwks } from './signing-key';

const base = { tags: ['Health systems'], security: SESSION_SECURITY };
const P = '/api/v1/health-systems';
const idParam = z.object({ id: z.string().uuid() });

const endpoints = createRoute({
  ...base,
  method: 'get',
  path: `${P}/endpoints`,
  summary: 'The health systems and insurers this instance can connect (enabled, with a client id)',
  request: { query: HealthSystemEndpointsQuery },
  responses: { 200: json(HealthSystemEndpointsResponse, 'Endpoints by name'), ...problems(400, 401, 503) },
});
const discover = createRoute({
  ...base,
  method: 'post',
  path: `${P}/discover`,
  summary: "Read a FHIR server's .well-known/smart-configuration and say what connecting would ask for",
  request: { body: jsonBody(DiscoverHealthSystemRequest) },
  responses: {
    200: json(DiscoverHealthSystemResponse, 'The configuration, the scopes and whether it can be connected'),
    // 422: not https, a private address, no answer, not a SMART server.
    ...problems(400, 401, 422, 429, 503),
  },
});
const connect = createRoute({
  ...base,
  method: 'post',
  path: `${P}/connect`,
  summary: 'Begin connecting (SMART standalone patient launch with PKCE): where to send the browser',
  request: { body: jsonBody(ConnectHealthSystemRequest) },
  responses: {
    200: json(ConnectHealthSystemResponse, 'The authorize URL and every scope it asks for'),
    ...problems(400, 401, 404, 422, 429, 503),
  },
});
const connections = createRoute({
  ...base,
  method: 'get',
  path: `${P}/connections`,
  summary: 'Your connections: status, last sync and what it brought, errors in words (never tokens)',
  responses: { 200: json(HealthSystemConnectionsResponse, 'Connections by name'), ...problems(401, 503) },
});
const sync = createRoute({
  ...base,
  method: 'post',
  path: `${P}/connections/{id}/sync`,
  summary: 'Sync now (in the background; the connection shows its progress)',
  request: { params: idParam },
  responses: { 202: { description: 'Queued' }, ...problems(401, 404, 429, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${P}/connections/{id}`,
  summary: 'Disconnect: revokes the tokens where the server offers it and deletes them here; records stay',
  request: { params: idParam },
  responses: { 204: { description: 'Disconnected' }, ...problems(401, 404, 503) },
});

export const healthSystemsRoutes = (deps: AppDeps) => {
  const app = createRouter();
  const hs = healthSystemsDeps(deps);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  const who = (c: { get(k: 'user' | 'account'): { id: string; sessionId: string } }) => ({
    personId: c.get('user').id,
    accountId: c.get('account').id,
    sessionId: c.get('account').sessionId,
  });
  app.get('/.well-known/jwks.json', async (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.json(await instanceJwks(deps.db, deps.config.encryptionKey));
  });
  // The health system sends the browser back here: a redirect to the page, with the outcome (signed
  // out meanwhile: the sign-in cannot be finished, so it is `expired`).
  const signedInOrBack: MiddlewareHandler = async (c, next) => {
    try {
      await deps.requireAccount(c, next);
    } catch (err) {
      if (err instanceof ProblemError && err.status === 401)
        return c.redirect('/dashboard/health-systems?error=expired', 302);
      throw err;
    }
  };
  app.get(`${P}/callback`, signedInOrBack, async (c) => {
    const account = c.get('account') as { id: string; sessionId: string };
    const out = await finishConnect(
      { ...hs, db: c.get('db') },
      { accountId: account.id, sessionId: account.sessionId },
      new URL(c.req.url).searchParams,
    );
    if ('connected' in out) deps.jobs.wake();
    return c.redirect(
      'connected' in out
        ? `/dashboard/health-systems?connected=${out.connected}`
        : `/dashboard/health-systems?error=${out.error}`,
      302,
    );
  });
  for (const path of [
    `${P}/endpoints`,
    `${P}/discover`,
    `${P}/connect`,
    `${P}/connections`,
    `${P}/connections/*`,
  ])
    app.use(path, deps.requireUser);
  for (const path of [`${P}/discover`, `${P}/connect`, `${P}/connections/*`])
    app.use(path, async (c, next) => (c.req.method === 'POST' ? deps.quotas.outboundSync(c, next) : next()));
  app.openapi(endpoints, async (c) => c.json(await listConnectableEndpoints(hs, c.req.valid('query')), 200));
  app.openapi(discover, async (c) =>
    c.json(await discoverHealthSystem({ ...hs, db: c.get('db') }, c.req.valid('json').fhirBaseUrl), 200),
  );
  app.openapi(connect, async (c) =>
    c.json(await startConnect({ ...hs, db: c.get('db') }, who(c), c.req.valid('json').endpointId), 200),
  );
  app.openapi(connections, async (c) => c.json(await listConnections(c.get('db'), uid(c)), 200));
  app.openapi(sync, async (c) => {
    await requestSync(c.get('db'), uid(c), c.req.valid('param').id);
    deps.jobs.wake();
    return c.body(null, 202);
  });
  app.openapi(remove, async (c) => {
    await disconnect({ ...hs, db: c.get('db') }, uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
