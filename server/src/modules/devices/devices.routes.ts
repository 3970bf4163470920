import {
  DeviceCatalogueResponse,
  DeviceConnectionListResponse,
  WidgetSessionRequest,
  WidgetSessionResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { catalogue, type DevicesDeps, disconnect, listConnections, widgetSession } from './devices.service';
import { createTerraClient } from './terra.client';

const base = { tags: ['Devices'], security: SESSION_SECURITY };

const catalogueRoute = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/devices/catalogue',
  summary: 'Device groups and the providers Terra offers now (terraConfigured: false when not set up)',
  responses: { 200: json(DeviceCatalogueResponse, 'The catalogue'), ...problems(401, 502, 503) },
});
const connections = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/devices/connections',
  summary: 'Your connected devices, with what each brought in and when it syncs next',
  responses: { 200: json(DeviceConnectionListResponse, 'Connections'), ...problems(401, 503) },
});
const session = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/devices/terra/widget-session',
  summary: 'A Terra widget session to connect a device (open its url in a popup)',
  request: { body: jsonBody(WidgetSessionRequest) },
  responses: { 200: json(WidgetSessionResponse, 'The session'), ...problems(400, 401, 502, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/devices/connections/{id}',
  summary: 'Disconnect a device (deauthenticated at Terra); the data it brought in is kept',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 204: { description: 'Disconnected' }, ...problems(401, 404, 502, 503) },
});

export const devicesDeps = ({ db, notifier, logger, config }: AppDeps): DevicesDeps => ({
  db,
  notifier,
  logger,
  appUrl: config.appUrl,
  terra: config.terra ? createTerraClient(config.terra) : undefined,
});

export const devicesRoutes = (deps: AppDeps) => {
  const d = devicesDeps(deps);
  const app = createRouter();
  app.use('/api/v1/devices/catalogue', deps.requireUser);
  app.use('/api/v1/devices/connections', deps.requireUser);
  app.use('/api/v1/devices/connections/*', deps.requireUser);
  app.use('/api/v1/devices/terra/widget-session', deps.requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  // The request's database handle, so audit rows carry its client.
  const dOf = (c: { get(key: 'db'): AppDeps['db'] }): DevicesDeps => ({ ...d, db: c.get('db') });
  app.openapi(catalogueRoute, async (c) => c.json(await catalogue(dOf(c)), 200));
  app.openapi(connections, async (c) => c.json(await listConnections(c.get('db'), uid(c)), 200));
  app.openapi(session, async (c) =>
    c.json(
      await widgetSession(dOf(c), uid(c), c.req.valid('json').providers, c.req.valid('json').popup),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    await disconnect(dOf(c), uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
