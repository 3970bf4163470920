import {
  AdminHealthSystemEndpoint,
  AdminHealthSystemsResponse,
  CreateHealthSystemRequest,
  HealthSystemBrandsImportResponse,
  UpdateHealthSystemRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { requireAdmin } from '../roles/roles.service';
import {
  createEndpoint,
  deleteEndpoint,
  importBrands,
  listEndpointsForAdmin,
  updateEndpoint,
} from './admin-health-systems.service';
import { createSmartClient } from './smart-client';

const base = { tags: ['Admin'], security: SESSION_SECURITY };
const P = '/api/v1/admin/health-systems';
const idParam = z.object({ id: z.string().uuid() });

const list = createRoute({
  ...base,
  method: 'get',
  path: P,
  summary: 'Health systems: every endpoint, and the redirect URI and JWKS address to register with vendors',
  responses: { 200: json(AdminHealthSystemsResponse, 'Endpoints by name'), ...problems(401, 403, 503) },
});
const brands = createRoute({
  ...base,
  method: 'post',
  path: `${P}/brands`,
  summary:
    'Import a SMART User-access Brands bundle (FHIR Bundle JSON): endpoints added or updated by address',
  request: { body: jsonBody(z.object({ resourceType: z.literal('Bundle') }).passthrough()) },
  responses: {
    200: json(HealthSystemBrandsImportResponse, 'How many were added and updated'),
    ...problems(400, 401, 403, 413, 503),
  },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: P,
  summary: 'Add a health system by its FHIR address',
  request: { body: jsonBody(CreateHealthSystemRequest) },
  responses: {
    201: json(AdminHealthSystemEndpoint, 'The endpoint'),
    ...problems(400, 401, 403, 409, 422, 503),
  },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: `${P}/{id}`,
  summary: 'Set the client id, the client type, the name, or switch an endpoint on or off',
  request: { params: idParam, body: jsonBody(UpdateHealthSystemRequest) },
  responses: { 200: json(AdminHealthSystemEndpoint, 'The endpoint'), ...problems(400, 401, 403, 404, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${P}/{id}`,
  summary: "Remove an endpoint (people's connections to it stay until they disconnect)",
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, ...problems(401, 403, 404, 503) },
});

/** The console's Health systems setting; admin with a second factor, each change audited. */
export const adminHealthSystemsRoutes = (deps: AppDeps) => {
  const app = createRouter();
  const smart = createSmartClient({ outbound: deps.outbound, outboundAllow: deps.config.outboundAllow });
  app.use(P, deps.requireAccount, requireAdmin());
  app.use(`${P}/*`, deps.requireAccount, requireAdmin());
  const admin = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) => c.json(await listEndpointsForAdmin(c.var.db, deps.config.appUrl), 200));
  app.openapi(brands, async (c) => c.json(await importBrands(c.var.db, admin(c), c.req.valid('json')), 200));
  app.openapi(create, async (c) =>
    c.json(await createEndpoint(c.var.db, smart, admin(c), c.req.valid('json')), 201),
  );
  app.openapi(update, async (c) =>
    c.json(await updateEndpoint(c.var.db, admin(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(remove, async (c) => {
    await deleteEndpoint(c.var.db, admin(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
