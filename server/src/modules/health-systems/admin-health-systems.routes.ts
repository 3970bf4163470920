import {
  AdminHealthSystemEndpoint,
  AdminHealthSystemsResponse,
  CreateHealthSystemRequest,
  HealthSystemBrandsImportResponse,
  UpdateHealthSystemRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { readTextWithin } from '../../http/limited-body';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError } from '../../http/problem';
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
/** Brands bundles run to megabytes (Epic's lists thousands of brands): read past the JSON body limit, after requireAdmin. */
export const BRANDS_PATH = `${P}/brands`;
export const BRANDS_MAX_BYTES = 64 * 1024 * 1024;
const BRANDS_DOC = {
  ...base,
  method: 'post' as const,
  path: BRANDS_PATH,
  summary:
    'Import a SMART User-access Brands bundle (FHIR Bundle JSON, up to 64 MB): endpoints added or updated by address',
  request: { body: jsonBody(z.object({ resourceType: z.literal('Bundle') }).passthrough()) },
  responses: {
    200: json(HealthSystemBrandsImportResponse, 'How many were added and updated'),
    ...problems(400, 401, 403, 413, 503),
  },
};

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
  app.openapi(list, async (c) => c.json(await listEndpointsForAdmin(c.get('db'), deps.config.appUrl), 200));
  app.openAPIRegistry.registerPath(BRANDS_DOC);
  app.post(BRANDS_PATH, async (c) => {
    const body = await readTextWithin(c.req.raw, BRANDS_MAX_BYTES);
    if (!body.ok) throw new ProblemError(413, 'payload_too_large', 'The bundle is larger than 64 MB.');
    let bundle: unknown;
    try {
      bundle = JSON.parse(body.text);
    } catch {
      throw new ProblemError(400, 'validation_failed', 'The bundle is not valid JSON.');
    }
    return c.json(await importBrands(c.get('db'), admin(c), bundle), 200);
  });
  app.openapi(create, async (c) =>
    c.json(await createEndpoint(c.get('db'), smart, admin(c), c.req.valid('json')), 201),
  );
  app.openapi(update, async (c) =>
    c.json(await updateEndpoint(c.get('db'), admin(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(remove, async (c) => {
    await deleteEndpoint(c.get('db'), admin(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
