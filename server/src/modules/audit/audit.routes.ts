import { AuditListQuery, AuditListResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { listOwnAudit } from './audit-history.service';

const list = createRoute({
  tags: ['Account'],
  security: SESSION_SECURITY,
  method: 'get',
  path: '/api/v1/audit',
  summary: 'Your account’s audit history (sign-ins, changes, record reads), newest first, keyset-paginated',
  request: { query: AuditListQuery },
  responses: { 200: json(AuditListResponse, 'A page of your audit history'), ...problems(400, 401, 503) },
});

export const auditRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/audit', requireUser);
  app.openapi(list, async (c) =>
    c.json(await listOwnAudit(c.get('db'), c.get('user').id, c.req.valid('query')), 200),
  );
  return app;
};
