import {
  AdminShare,
  AdminShareListQuery,
  AdminShareListResponse,
} from '@healthfolio/core/admin/admin-shares.schema';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { requireAdmin } from '../roles/roles.service';
import { adminRevokeShare, listAdminShares } from './admin-shares.service';

const tags = ['Admin'];
const security = SESSION_SECURITY;

const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/shares',
  tags,
  security,
  summary: 'Every caregiver share newest first (at most 1,000), searched by caregiver or patient name',
  request: { query: AdminShareListQuery },
  responses: { 200: json(AdminShareListResponse, 'Matching shares'), ...problems(400, 401, 403, 503) },
});

const revoke = createRoute({
  method: 'post',
  path: '/api/v1/admin/shares/{id}/revoke',
  tags,
  security,
  summary: 'Revoke a pending or active share; the caregiver’s next request is refused; audited',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 200: json(AdminShare, 'The share now'), ...problems(400, 401, 403, 404, 409, 503) },
});

export const adminSharesRoutes = (deps: AppDeps) => {
  const app = createRouter();
  const guard = [deps.requireAccount, requireAdmin()] as const;
  app.use('/api/v1/admin/shares', ...guard);
  app.use('/api/v1/admin/shares/*', ...guard);
  app.openapi(list, async (c) => c.json(await listAdminShares(c.get('db'), c.req.valid('query')), 200));
  app.openapi(revoke, async (c) =>
    c.json(await adminRevokeShare(c.get('db'), c.get('user').id, c.req.valid('param').id), 200),
  );
  return app;
};
