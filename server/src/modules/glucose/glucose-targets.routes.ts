import { GlucoseTargets, GlucoseTargetsResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { getTargets, saveTargets } from './glucose-targets.service';

const base = { tags: ['Glucose'], security: SESSION_SECURITY };
const PATH = '/api/v1/glucose/targets';

const read = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary:
    'Your glucose lines: urgent low, target range, urgent high (mg/dL); the defaults until you set yours',
  responses: { 200: json(GlucoseTargetsResponse, 'Targets'), ...problems(401, 503) },
});
const save = createRoute({
  ...base,
  method: 'put',
  path: PATH,
  summary: 'Set your glucose lines (mg/dL, each above the one before)',
  request: { body: jsonBody(GlucoseTargets) },
  responses: { 200: json(GlucoseTargetsResponse, 'Targets'), ...problems(400, 401, 503) },
});

export const glucoseTargetsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireUser);
  app.openapi(read, async (c) => c.json(await getTargets(c.get('db'), c.get('user').id), 200));
  app.openapi(save, async (c) =>
    c.json(await saveTargets(c.get('db'), c.get('user').id, c.req.valid('json')), 200),
  );
  return app;
};
