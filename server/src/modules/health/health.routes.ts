import { AuthProvidersResponse } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems } from '../../http/openapi';

const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
});

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  responses: {
    200: json(HealthResponse, 'Up, database reachable'),
    ...problems(400),
    503: json(HealthResponse, 'Database unreachable'),
  },
});

const providersRoute = createRoute({
  method: 'get',
  path: '/api/v1/auth/providers',
  tags: ['Auth'],
  summary: 'Which sign-in methods and mail delivery this server has configured',
  responses: { 200: json(AuthProvidersResponse, 'Configured providers'), ...problems(400) },
});

export const healthRoutes = ({ config, mailer }: AppDeps) => {
  const app = createRouter();
  app.openapi(healthRoute, async (c) => {
    try {
      await c.get('db').ping();
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'degraded' as const, database: 'unavailable' as const }, 503);
    }
  });
  app.openapi(providersRoute, (c) =>
    c.json({ google: Boolean(config.google), emailDelivery: mailer.mode }, 200),
  );
  return app;
};
