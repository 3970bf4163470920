import {
  AccountDeleteRequest,
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserStatusRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { askerOf } from '../account/account.routes';
import { adminDeleteAccount } from '../account/account-deletion.service';
import { withRequestDb } from '../audit/audit-context';
import { requireAdmin } from '../roles/roles.service';
import { getUser, listUsers, setUserStatus } from './admin-users.service';

const tags = ['Admin'];
const security = SESSION_SECURITY;
const params = z.object({ userId: z.string().uuid() });

const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/users',
  tags,
  security,
  summary: 'Accounts newest first, searched by display name or user id, with role and status',
  request: { query: AdminUserListQuery },
  responses: { 200: json(AdminUserListResponse, 'Matching accounts'), ...problems(400, 401, 403, 503) },
});

const detail = createRoute({
  method: 'get',
  path: '/api/v1/admin/users/{userId}',
  tags,
  security,
  summary: 'One account: profile, role, sign-ins and counts of what it holds (never health values)',
  request: { params },
  responses: { 200: json(AdminUserDetail, 'The account'), ...problems(400, 401, 403, 404, 503) },
});

const status = createRoute({
  method: 'put',
  path: '/api/v1/admin/users/{userId}/status',
  tags,
  security,
  summary: 'Disable (ends its sessions at once), enable or approve an account; audited',
  request: { params, body: jsonBody(AdminUserStatusRequest) },
  responses: { 200: json(AdminUserDetail, 'The account now'), ...problems(400, 401, 403, 404, 409, 503) },
});

const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/users/{userId}',
  tags,
  security,
  summary: 'Delete an account and everything in it, confirmed with your own password and code; audited',
  request: { params, body: jsonBody(AccountDeleteRequest) },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404, 409, 429, 503) },
});

export const adminUsersRoutes = (deps: AppDeps) => {
  const app = createRouter();
  const guard = [deps.requireAccount, requireAdmin()] as const;
  app.use('/api/v1/admin/users', ...guard);
  app.use('/api/v1/admin/users/*', ...guard);
  app.openapi(list, async (c) => c.json(await listUsers(c.get('db'), c.req.valid('query')), 200));
  app.openapi(remove, async (c) => {
    await adminDeleteAccount(
      withRequestDb(deps, c),
      askerOf(c),
      c.req.valid('param').userId,
      c.req.valid('json'),
    );
    return c.body(null, 204);
  });
  app.openapi(detail, async (c) => c.json(await getUser(c.get('db'), c.req.valid('param').userId), 200));
  app.openapi(status, async (c) =>
    c.json(
      await setUserStatus(
        withRequestDb(deps, c),
        c.get('user').id,
        c.req.valid('param').userId,
        c.req.valid('json').status,
      ),
      200,
    ),
  );
  return app;
};
