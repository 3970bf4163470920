import {
  NsFollowerCreatedResponse,
  NsFollowerCreateRequest,
  NsFollowerListResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createFollower, listFollowers, revokeFollower } from './ns-followers.service';

const base = { tags: ['Devices'], security: SESSION_SECURITY };
const PATH = '/api/v1/devices/nightscout/followers';

const list = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary: 'Your Nightscout followers (read-only tokens; the tokens are never shown again)',
  responses: { 200: json(NsFollowerListResponse, 'Followers'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: PATH,
  summary: 'Create a read-only follower token (LoopFollow, Nightguard, xDrip+ follower); shown this once',
  request: { body: jsonBody(NsFollowerCreateRequest) },
  responses: {
    201: json(NsFollowerCreatedResponse, 'The follower with its token'),
    ...problems(400, 401, 409, 503),
  },
});
const revoke = createRoute({
  ...base,
  method: 'delete',
  path: `${PATH}/{id}`,
  summary: 'Revoke a follower token; the app using it is refused from its next request',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 204: { description: 'Revoked' }, ...problems(401, 404, 503) },
});

export const nsFollowersRoutes = ({ config, requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireUser);
  app.use(`${PATH}/*`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) => c.json(await listFollowers(c.get('db'), config.appUrl, uid(c)), 200));
  app.openapi(create, async (c) =>
    c.json(await createFollower(c.get('db'), config.appUrl, uid(c), c.req.valid('json')), 201),
  );
  app.openapi(revoke, async (c) => {
    await revokeFollower(c.get('db'), uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
