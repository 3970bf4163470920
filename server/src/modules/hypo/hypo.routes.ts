import {
  HypoFollowUpListResponse,
  HypoFollowUpResponse,
  HypoFollowUpStartRequest,
  HypoSettingsResponse,
  HypoSettingsUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import {
  getFollowUp,
  getHypoSettings,
  listFollowUps,
  startFollowUp,
  updateHypoSettings,
} from './hypo.service';

const base = { tags: ['Low-glucose follow-up'], security: SESSION_SECURITY };

const readSettings = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/hypo/settings',
  summary: 'Whether a low reading starts a follow-up, and whether caregivers can be alerted yet',
  responses: { 200: json(HypoSettingsResponse, 'Your follow-up settings'), ...problems(401, 503) },
});
const writeSettings = createRoute({
  ...base,
  method: 'put',
  path: '/api/v1/hypo/settings',
  summary: 'Turn low-glucose follow-ups on or off (off also stops a running one)',
  request: { body: jsonBody(HypoSettingsUpdateRequest) },
  responses: { 200: json(HypoSettingsResponse, 'Saved'), ...problems(400, 401, 503) },
});
const list = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/hypo/follow-ups',
  summary: 'Your latest low-glucose follow-ups, newest first',
  responses: { 200: json(HypoFollowUpListResponse, 'Follow-ups'), ...problems(401, 503) },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/hypo/follow-ups/{id}',
  summary: 'One of your follow-ups',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 200: json(HypoFollowUpResponse, 'The follow-up'), ...problems(400, 401, 404, 503) },
});
const start = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/hypo/follow-ups',
  summary: 'Log a low reading now and start its follow-up (returns the active one if there is one)',
  request: { body: jsonBody(HypoFollowUpStartRequest) },
  responses: {
    200: json(HypoFollowUpResponse, 'The follow-up already running'),
    201: json(HypoFollowUpResponse, 'The started follow-up'),
    ...problems(400, 401, 409, 503),
  },
});

export const hypoRoutes = ({ requireUser, notifier }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/hypo/*', requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(readSettings, async (c) => c.json(await getHypoSettings(c.get('db'), uid(c)), 200));
  app.openapi(writeSettings, async (c) =>
    c.json(await updateHypoSettings(c.get('db'), uid(c), c.req.valid('json').enabled), 200),
  );
  app.openapi(list, async (c) => c.json(await listFollowUps(c.get('db'), uid(c)), 200));
  app.openapi(read, async (c) =>
    c.json(await getFollowUp(c.get('db'), uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(start, async (c) => {
    const { followUp, created } = await startFollowUp(c.get('db'), uid(c), c.req.valid('json'), notifier);
    return created ? c.json(followUp, 201) : c.json(followUp, 200);
  });
  return app;
};
