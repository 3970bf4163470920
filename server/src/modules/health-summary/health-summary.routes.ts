import { HealthSummaryResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { getHealthSummary } from './health-summary.service';

const list = createRoute({
  tags: ['Health summary'],
  security: SESSION_SECURITY,
  method: 'get',
  path: '/api/v1/health-summary',
  summary:
    'Conditions, allergies, immunizations, procedures and medications from imported records (read-only)',
  responses: { 200: json(HealthSummaryResponse, 'The health summary'), ...problems(401, 503) },
});

export const healthSummaryRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/health-summary', requireUser);
  app.openapi(list, async (c) => c.json(await getHealthSummary(c.get('db'), c.get('user').id), 200));
  return app;
};
