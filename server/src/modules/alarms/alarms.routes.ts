import {
  GlucoseAlarmListQuery,
  GlucoseAlarmListResponse,
  GlucoseAlarmResponse,
  GlucoseAlarmSettingsRequest,
  GlucoseAlarmSettingsResponse,
  GlucoseAlarmSnoozeRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import {
  acknowledgeAlarm,
  getAlarmSettings,
  listAlarms,
  saveAlarmSettings,
  snoozeAlarm,
} from './alarms.service';

const PATH = '/api/v1/glucose/alarms';
const base = { tags: ['Glucose alarms'], security: SESSION_SECURITY };
const idParam = { params: z.object({ id: z.string().uuid() }) };

const history = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary:
    'The alarm history of the past year, newest first, a page at a time (`cursor`: the `nextCursor` before)',
  request: { query: GlucoseAlarmListQuery },
  responses: { 200: json(GlucoseAlarmListResponse, 'Alarms'), ...problems(400, 401, 503) },
});
const readSettings = createRoute({
  ...base,
  method: 'get',
  path: `${PATH}/settings`,
  summary: 'The alarm levels and switches (defaults until changed)',
  responses: { 200: json(GlucoseAlarmSettingsResponse, 'Alarm settings'), ...problems(401, 503) },
});
const writeSettings = createRoute({
  ...base,
  method: 'put',
  path: `${PATH}/settings`,
  summary: 'Replace the alarm settings (levels in mg/dL; urgent low is always on)',
  request: { body: jsonBody(GlucoseAlarmSettingsRequest) },
  responses: { 200: json(GlucoseAlarmSettingsResponse, 'Saved'), ...problems(400, 401, 503) },
});
const acknowledge = createRoute({
  ...base,
  method: 'post',
  path: `${PATH}/{id}/acknowledge`,
  summary: 'Say the alarm was seen (an urgent low acknowledged is not escalated)',
  request: idParam,
  responses: { 200: json(GlucoseAlarmResponse, 'The alarm'), ...problems(400, 401, 404, 409, 503) },
});
const snooze = createRoute({
  ...base,
  method: 'post',
  path: `${PATH}/{id}/snooze`,
  summary: 'Silence the alarm on every device for 15 minutes to 4 hours (urgent low: at most 30 minutes)',
  request: { ...idParam, body: jsonBody(GlucoseAlarmSnoozeRequest) },
  responses: { 200: json(GlucoseAlarmResponse, 'The alarm'), ...problems(400, 401, 404, 409, 503) },
});

export const glucoseAlarmRoutes = ({ requireUser, notifier, push, logger }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireUser);
  app.use(`${PATH}/*`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  const aid = (c: { get(k: 'account'): { id: string } }) => c.get('account').id;
  app.openapi(history, async (c) => c.json(await listAlarms(c.get('db'), uid(c), c.req.valid('query')), 200));
  app.openapi(readSettings, async (c) => c.json(await getAlarmSettings(c.get('db'), uid(c)), 200));
  app.openapi(writeSettings, async (c) =>
    c.json(await saveAlarmSettings(c.get('db'), uid(c), c.req.valid('json')), 200),
  );
  app.openapi(acknowledge, async (c) =>
    c.json(
      await acknowledgeAlarm({ db: c.get('db'), notifier }, uid(c), aid(c), c.req.valid('param').id),
      200,
    ),
  );
  app.openapi(snooze, async (c) =>
    c.json(
      await snoozeAlarm(
        { db: c.get('db'), notifier, push, logger },
        uid(c),
        aid(c),
        c.req.valid('param').id,
        c.req.valid('json').minutes,
      ),
      200,
    ),
  );
  return app;
};
