import { PublicOverviewResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { publicOverview } from './public-overview.service';

const overview = createRoute({
  method: 'get',
  path: '/api/v1/public/overview',
  tags: ['Public'],
  summary:
    'What the landing page may say about this instance: maintenance, registration, and usage figures when the admin shows them',
  responses: { 200: json(PublicOverviewResponse, 'This instance'), ...problems(400, 503) },
});

export const publicRoutes = (deps: AppDeps) => {
  const app = createRouter();
  app.openapi(overview, async (c) => {
    c.header('Cache-Control', 'public, max-age=30');
    return c.json(await publicOverview(withRequestDb(deps, c)), 200);
  });
  return app;
};
