import {
  PushSubscribeRequest,
  PushSubscriptionListResponse,
  PushSubscriptionResponse,
  PushSubscriptionUpdateRequest,
  PushTestResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { deviceName } from '../audit/user-agent';
import { changeSubscription, listSubscriptions, sendTest, subscribe, unsubscribe } from './push.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Alerts on devices'], security: SESSION_SECURITY };
const PATH = '/api/v1/push/subscriptions';

const list = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary: 'Your devices that get alerts, and the key a browser subscribes with',
  responses: { 200: json(PushSubscriptionListResponse, 'Your devices'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: PATH,
  summary: 'Turn on alerts on this device (its browser push subscription)',
  request: { body: jsonBody(PushSubscribeRequest) },
  responses: {
    200: json(PushSubscriptionResponse, 'This device was already on; its keys were updated'),
    201: json(PushSubscriptionResponse, 'Alerts are on for this device'),
    ...problems(400, 401, 422, 503),
  },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: `${PATH}/{id}`,
  summary: 'Choose what a device is alerted about, and whether its lock screen may show values',
  request: { params: IdParam, body: jsonBody(PushSubscriptionUpdateRequest) },
  responses: { 200: json(PushSubscriptionResponse, 'Saved'), ...problems(400, 401, 404, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${PATH}/{id}`,
  summary: 'Turn off alerts on a device',
  request: { params: IdParam },
  responses: { 204: { description: 'Turned off' }, ...problems(401, 404, 503) },
});
const test = createRoute({
  ...base,
  method: 'post',
  path: `${PATH}/{id}/test`,
  summary: 'Send a test alert to a device',
  request: { params: IdParam },
  responses: { 200: json(PushTestResponse, 'Whether the push service took it'), ...problems(401, 404, 503) },
});

export const pushRoutes = ({ requireAccount, outbound, push, logger, config }: AppDeps) => {
  const app = createRouter();
  // A device is the signed-in account's, whoever it is acting for: a guardian's phone hears their own
  // reminders and, as a guardian, the alerts of the people they keep (push/guardian recipients).
  app.use(PATH, requireAccount);
  app.use(`${PATH}/*`, requireAccount);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) =>
    c.json(await listSubscriptions(c.get('db'), uid(c), config.vapid.publicKey), 200),
  );
  app.openapi(create, async (c) => {
    const label = deviceName(c.req.header('user-agent') ?? null) ?? 'This device';
    const r = await subscribe({ db: c.get('db'), outbound }, uid(c), c.req.valid('json'), label);
    return r.created ? c.json(r.subscription, 201) : c.json(r.subscription, 200);
  });
  app.openapi(update, async (c) =>
    c.json(await changeSubscription(c.get('db'), uid(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(remove, async (c) => {
    await unsubscribe(c.get('db'), uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(test, async (c) =>
    c.json(await sendTest({ db: c.get('db'), push, logger }, uid(c), c.req.valid('param').id), 200),
  );
  return app;
};
