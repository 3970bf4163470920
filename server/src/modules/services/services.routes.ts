import { ServicesResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';

const route = createRoute({
  method: 'get',
  path: '/api/v1/services',
  tags: ['Platform'],
  summary: 'Which outside services this server has configured (mail), so screens can say what is off',
  security: SESSION_SECURITY,
  responses: { 200: json(ServicesResponse, 'Configured services'), ...problems(401) },
});

export const servicesRoutes = ({ config, requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/services', requireUser);
  app.openapi(route, (c) =>
    c.json(
      {
        mail: Boolean(config.smtpUrl),
        aiChat: Boolean(config.ai?.model),
        aiVision: Boolean(config.ai?.visionModel),
      },
      200,
    ),
  );
  return app;
};
