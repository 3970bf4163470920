import {
  AdminAnalyticsResponse,
  AdminAuditQuery,
  AdminAuditResponse,
  AdminDashboardResponse,
  AdminDataResponse,
} from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { requireAdmin } from '../roles/roles.service';
import { exportAuditCsv, listAudit } from './admin-audit.service';
import { analyticsStats, dashboardStats, dataStats } from './admin-stats.service';

const tags = ['Admin'];
const security = SESSION_SECURITY;

const dashboard = createRoute({
  method: 'get',
  path: '/api/v1/admin/dashboard',
  tags,
  security,
  summary: 'Counts from the platform’s records, system health and quick status',
  responses: { 200: json(AdminDashboardResponse, 'The dashboard'), ...problems(401, 403, 503) },
});

const analytics = createRoute({
  method: 'get',
  path: '/api/v1/admin/analytics',
  tags,
  security,
  summary: 'Signups and active users per day (30 days), entries per tracker, feature use, devices, latency',
  responses: { 200: json(AdminAnalyticsResponse, 'Analytics'), ...problems(401, 403, 503) },
});

const data = createRoute({
  method: 'get',
  path: '/api/v1/admin/data',
  tags,
  security,
  summary: 'Rows and bytes per table and area, and the database size',
  responses: { 200: json(AdminDataResponse, 'Data management figures'), ...problems(401, 403, 503) },
});

const audit = createRoute({
  method: 'get',
  path: '/api/v1/admin/audit-logs',
  tags,
  security,
  summary: 'Everyone’s audit log in a 24h, 7d or 30d window, searched, newest first (≤1,000 a page)',
  request: { query: AdminAuditQuery },
  responses: { 200: json(AdminAuditResponse, 'A page of audit events'), ...problems(400, 401, 403, 503) },
});

const auditCsv = createRoute({
  method: 'get',
  path: '/api/v1/admin/audit-logs/export',
  tags,
  security,
  summary: 'The window and search as CSV (audited as export_audit)',
  request: { query: AdminAuditQuery.omit({ limit: true, cursor: true }) },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...problems(400, 401, 403, 503),
  },
});

export const adminInsightsRoutes = (deps: AppDeps) => {
  const app = createRouter();
  for (const path of [
    '/api/v1/admin/dashboard',
    '/api/v1/admin/analytics',
    '/api/v1/admin/data',
    '/api/v1/admin/audit-logs',
    '/api/v1/admin/audit-logs/*',
  ])
    app.use(path, deps.requireAccount, requireAdmin());
  app.openapi(dashboard, async (c) => c.json(await dashboardStats(withRequestDb(deps, c)), 200));
  app.openapi(analytics, async (c) => c.json(await analyticsStats(withRequestDb(deps, c)), 200));
  app.openapi(data, async (c) => c.json(await dataStats(withRequestDb(deps, c)), 200));
  app.openapi(audit, async (c) => c.json(await listAudit(c.get('db'), c.req.valid('query')), 200));
  app.openapi(auditCsv, async (c) => {
    const csv = await exportAuditCsv(c.get('db'), c.get('user').id, c.req.valid('query'));
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-logs-${day}.csv"`,
    });
  });
  return app;
};
