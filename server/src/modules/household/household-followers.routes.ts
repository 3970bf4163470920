import {
  HouseholdFollowerCreatedResponse,
  HouseholdFollowerCreateRequest,
  HouseholdFollowerListResponse,
  HouseholdFollowResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { consumeOr429 } from '../../auth/throttle';
import { ipBucket } from '../../http/client-ip';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { bearer } from '../nightscout/ns-http';
import {
  createHouseholdFollower,
  followerTokenOf,
  HOUSEHOLD_FOLLOW_PATH,
  listHouseholdFollowers,
  readHouseholdFollow,
  revokeHouseholdFollower,
} from './household-followers.service';

const PATH = '/api/v1/household/followers';
const base = { tags: ['Household'], security: SESSION_SECURITY };
/** A follower app polls about once a minute; a family's phones may share one address. */
export const HOUSEHOLD_FOLLOW_PER_IP = { points: 600, duration: 600 };

const list = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary: 'Your household’s follower tokens (who each follows; the tokens are never shown again)',
  responses: { 200: json(HouseholdFollowerListResponse, 'Followers'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: PATH,
  summary: 'Create a read-only follower token for some of your people, or your whole household; shown once',
  description:
    'A person you do not keep answers 404 `person_not_found`; at most 20 (409 `too_many_followers`).',
  request: { body: jsonBody(HouseholdFollowerCreateRequest) },
  responses: {
    201: json(HouseholdFollowerCreatedResponse, 'The follower with its token'),
    ...problems(400, 401, 404, 409, 503),
  },
});
const revoke = createRoute({
  ...base,
  method: 'delete',
  path: `${PATH}/{id}`,
  summary: 'Revoke a household follower token; the app using it is refused from its next request',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 204: { description: 'Revoked' }, ...problems(401, 404, 503) },
});
const follow = createRoute({
  tags: ['Household'],
  security: [{ householdFollowerToken: [] }],
  method: 'get',
  path: HOUSEHOLD_FOLLOW_PATH,
  summary: 'For follower apps: the latest reading of each person a household follower token follows',
  description:
    'The token as `Authorization: Bearer household-…` or `?token=`. Read-only: nothing else accepts ' +
    'it. 401 `follower_token_invalid` when it is unknown or revoked.',
  request: { query: z.object({ token: z.string().max(200).optional() }) },
  responses: { 200: json(HouseholdFollowResponse, 'The people followed'), ...problems(401, 429, 503) },
});

export const householdFollowersRoutes = ({ config, requireAccount, limiter }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireAccount);
  app.use(`${PATH}/*`, requireAccount);
  const perIp = limiter({ keyPrefix: 'household-follow', ...HOUSEHOLD_FOLLOW_PER_IP });
  app.openapi(list, async (c) =>
    c.json(await listHouseholdFollowers(c.get('db'), config.appUrl, c.get('account')), 200),
  );
  app.openapi(create, async (c) =>
    c.json(
      await createHouseholdFollower(c.get('db'), config.appUrl, c.get('account'), c.req.valid('json')),
      201,
    ),
  );
  app.openapi(revoke, async (c) => {
    await revokeHouseholdFollower(c.get('db'), c.get('account'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(follow, async (c) => {
    await consumeOr429(perIp, ipBucket(c.get('clientIp')), 'follower requests');
    const token = followerTokenOf(bearer(c), c.req.valid('query').token);
    c.header('cache-control', 'no-store');
    return c.json(await readHouseholdFollow(c.get('db'), token), 200);
  });
  return app;
};
