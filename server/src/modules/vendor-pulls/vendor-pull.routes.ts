import {
  DexcomShareConnectRequest,
  LibreLinkUpConnectRequest,
  VendorPullSourceResponse,
  type VendorPullVendor,
} from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { vendorPullDeps } from './vendor-pull.deps';
import { getVendorSource, pullVendorNow, removeVendorSource, saveVendorSource } from './vendor-pull.service';

const VENDORS = [
  { vendor: 'dexcom-share', name: 'Dexcom Share', body: DexcomShareConnectRequest },
  { vendor: 'librelinkup', name: 'LibreLinkUp', body: LibreLinkUpConnectRequest },
] as const satisfies readonly { vendor: VendorPullVendor; name: string; body: unknown }[];

const base = { tags: ['Devices'], security: SESSION_SECURITY };

const routesFor = (v: (typeof VENDORS)[number]) => {
  const path = `/api/v1/devices/${v.vendor}`;
  return {
    path,
    read: createRoute({
      ...base,
      method: 'get',
      path,
      summary: `Your ${v.name} account and how its last pull went`,
      responses: {
        200: json(VendorPullSourceResponse, 'The account (configured: false when none); never its password'),
        ...problems(401, 503),
      },
    }),
    save: createRoute({
      ...base,
      method: 'put',
      path,
      summary: `Connect your ${v.name} account (the password stored encrypted); pulls at once`,
      request: { body: jsonBody(v.body) },
      responses: {
        200: json(VendorPullSourceResponse, 'The account after its first pull'),
        // LibreLinkUp: 409 choose_patient lists the people the account follows, to choose one.
        ...problems(400, 401, 409, 429, 503),
      },
    }),
    sync: createRoute({
      ...base,
      method: 'post',
      path: `${path}/sync`,
      summary: `Pull new readings from ${v.name} now`,
      responses: {
        200: json(VendorPullSourceResponse, 'The account after the pull'),
        ...problems(401, 404, 429, 503),
      },
    }),
    remove: createRoute({
      ...base,
      method: 'delete',
      path,
      summary: `Disconnect ${v.name} (readings already pulled are kept)`,
      responses: { 204: { description: 'Disconnected' }, ...problems(401, 404, 503) },
    }),
  };
};

export const vendorPullRoutes = (deps: AppDeps) => {
  const pull = vendorPullDeps(deps);
  const app = createRouter();
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  for (const v of VENDORS) {
    const r = routesFor(v);
    app.use(r.path, deps.requireUser);
    app.use(`${r.path}/*`, deps.requireUser);
    // Connecting and "Pull now" each reach the vendor at once: rate-limited per user.
    app.use(r.path, deps.quotas.outboundSync);
    app.use(`${r.path}/sync`, deps.quotas.outboundSync);
    app.openapi(r.read, async (c) => c.json(await getVendorSource(c.get('db'), uid(c), v.vendor), 200));
    app.openapi(r.save, async (c) =>
      c.json(
        await saveVendorSource({ ...pull, db: c.get('db') }, uid(c), v.vendor, c.req.valid('json')),
        200,
      ),
    );
    app.openapi(r.sync, async (c) =>
      c.json(await pullVendorNow({ ...pull, db: c.get('db') }, uid(c), v.vendor), 200),
    );
    app.openapi(r.remove, async (c) => {
      await removeVendorSource(c.get('db'), uid(c), v.vendor);
      return c.body(null, 204);
    });
  }
  return app;
};
