import { NightscoutSourceRequest, NightscoutSourceResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { getSource, type PullDeps, removeSource, saveSource, syncNow } from './nightscout-pull.service';

const base = { tags: ['Devices'], security: SESSION_SECURITY };
const PATH = '/api/v1/devices/nightscout/source';

const read = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary: 'Your Nightscout site and how its last pull went',
  responses: {
    200: json(NightscoutSourceResponse, 'The site (configured: false when none)'),
    ...problems(401, 503),
  },
});
const save = createRoute({
  ...base,
  method: 'put',
  path: PATH,
  summary: 'Set your Nightscout site and its read token or API secret (stored encrypted); pulls at once',
  request: { body: jsonBody(NightscoutSourceRequest) },
  responses: {
    200: json(NightscoutSourceResponse, 'The site after its first pull'),
    ...problems(400, 401, 429, 503),
  },
});
const sync = createRoute({
  ...base,
  method: 'post',
  path: `${PATH}/sync`,
  summary: 'Pull new readings from your Nightscout site now',
  responses: {
    200: json(NightscoutSourceResponse, 'The site after the pull'),
    ...problems(401, 404, 429, 503),
  },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: PATH,
  summary: 'Stop pulling from your Nightscout site (readings already pulled are kept)',
  responses: { 204: { description: 'Removed' }, ...problems(401, 404, 503) },
});

export const nightscoutSourceRoutes = ({
  db,
  notifier,
  logger,
  config,
  requireUser,
  outbound,
  quotas,
}: AppDeps) => {
  const pull: PullDeps = {
    db,
    notifier,
    logger,
    secret: config.sessionSecret,
    intervalSeconds: config.nightscout.pullIntervalSeconds,
    outbound,
  };
  const app = createRouter();
  app.use(PATH, requireUser);
  app.use(`${PATH}/*`, requireUser);
  // Saving the site and "sync now" each pull from the user's address at once: rate-limited per user.
  app.use(PATH, quotas.outboundSync);
  app.use(`${PATH}/sync`, quotas.outboundSync);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(read, async (c) => c.json(await getSource(c.get('db'), uid(c)), 200));
  app.openapi(save, async (c) =>
    c.json(await saveSource({ ...pull, db: c.get('db') }, uid(c), c.req.valid('json')), 200),
  );
  app.openapi(sync, async (c) => c.json(await syncNow({ ...pull, db: c.get('db') }, uid(c)), 200));
  app.openapi(remove, async (c) => {
    await removeSource(c.get('db'), uid(c));
    return c.body(null, 204);
  });
  return app;
};
