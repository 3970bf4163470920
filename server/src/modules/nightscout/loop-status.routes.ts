import { LoopStatusResponse, TempBasalsQuery, TempBasalsResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { loopStatus } from './loop-status.service';
import { tempBasals } from './temp-basals.service';

const PATH = '/api/v1/devices/loop-status';

const status = createRoute({
  tags: ['Devices'],
  security: SESSION_SECURITY,
  method: 'get',
  path: PATH,
  summary:
    'What your closed loop last uploaded (IOB, COB, loop run, pump, phone battery, temp basal); null parts when nothing recent says',
  responses: { 200: json(LoopStatusResponse, 'The loop’s status'), ...problems(401, 503) },
});

const TEMPS = '/api/v1/devices/temp-basals';
const temps = createRoute({
  tags: ['Devices'],
  security: SESSION_SECURITY,
  method: 'get',
  path: TEMPS,
  summary: 'The temporary basals your loop ran between from and to (at most 31 days), oldest first',
  request: { query: TempBasalsQuery },
  responses: { 200: json(TempBasalsResponse, 'The temp basals'), ...problems(400, 401, 503) },
});

export const loopStatusRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireUser);
  app.use(TEMPS, requireUser);
  app.openapi(status, async (c) => c.json(await loopStatus(c.get('db'), c.get('user').id), 200));
  app.openapi(temps, async (c) =>
    c.json(await tempBasals(c.get('db'), c.get('user').id, c.req.valid('query')), 200),
  );
  return app;
};
