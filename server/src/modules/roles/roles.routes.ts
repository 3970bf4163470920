import { RoleAssignRequest, RoleAssignResponse, RolesResponse } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { assignRole } from '../admin/admin-users.service';
import { getOwnRoles, requireAdmin } from './roles.service';

const meRoute = createRoute({
  method: 'get',
  path: '/api/v1/me/roles',
  tags: ['Roles'],
  summary: 'Your roles (isAdmin, isModerator)',
  security: SESSION_SECURITY,
  responses: { 200: json(RolesResponse, 'Your roles'), ...problems(401, 503) },
});

const assignRoute = createRoute({
  method: 'put',
  path: '/api/v1/admin/users/{userId}/role',
  tags: ['Admin'],
  summary: 'Set a user’s role (admins only; audited as assign_role)',
  security: SESSION_SECURITY,
  request: { params: z.object({ userId: z.string().uuid() }), body: jsonBody(RoleAssignRequest) },
  responses: {
    200: json(RoleAssignResponse, 'The role now in force'),
    ...problems(400, 401, 403, 404, 409, 503),
  },
});

export const rolesRoutes = ({ requireAccount }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/me/*', requireAccount);
  app.use('/api/v1/admin/*', requireAccount, requireAdmin());
  app.openapi(meRoute, async (c) => c.json(await getOwnRoles(c.get('db'), c.get('user').id), 200));
  app.openapi(assignRoute, async (c) => {
    const result = await assignRole(
      c.get('db'),
      c.get('user').id,
      c.req.valid('param').userId,
      c.req.valid('json').role,
    );
    return c.json(result, 200);
  });
  return app;
};
