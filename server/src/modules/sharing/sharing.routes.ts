import {
  ShareAccessLogResponse,
  ShareCreatedResponse,
  ShareCreateRequest,
  SharedWithMeResponse,
  ShareLinkResponse,
  ShareListResponse,
  ShareResponse,
  ShareUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createInvitationQuota } from './invitation-quota';
import { sharedWithMe } from './shared-with-me.service';
import {
  createShare,
  getShareLink,
  listShares,
  revokeShare,
  shareAccessLog,
  updateShare,
} from './sharing.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Sharing'], security: SESSION_SECURITY };
const SHARES = '/api/v1/shares';

const list = createRoute({
  ...base,
  method: 'get',
  path: SHARES,
  summary: 'Your shares, newest first, each with its status computed now (pending, active, expired, revoked)',
  responses: { 200: json(ShareListResponse, 'Your shares'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: SHARES,
  summary: 'Invite a caregiver: the chosen categories, access level and expiry; the link is emailed',
  description:
    'At most SHARE_INVITATIONS_PER_HOUR (default 10) invitations an hour and SHARE_INVITATIONS_PER_DAY ' +
    '(default 50) a day per user (429 with Retry-After), and 50 live shares at once (409 `too_many_shares`). ' +
    'The personal message reaches the caregiver as a quotation from the user.',
  request: { body: jsonBody(ShareCreateRequest) },
  responses: {
    201: json(ShareCreatedResponse, 'The share and its link'),
    ...problems(400, 401, 409, 429, 503),
  },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: `${SHARES}/{id}`,
  summary: 'Manage Permissions: categories, access level, expiry (from now); effective on the next request',
  request: { params: IdParam, body: jsonBody(ShareUpdateRequest) },
  responses: { 200: json(ShareResponse, 'The share'), ...problems(400, 401, 404, 409, 503) },
});
const revoke = createRoute({
  ...base,
  method: 'post',
  path: `${SHARES}/{id}/revoke`,
  summary: 'Revoke a share; its link answers "not valid" from the next request',
  request: { params: IdParam },
  responses: { 200: json(ShareResponse, 'The revoked share'), ...problems(401, 404, 503) },
});
const link = createRoute({
  ...base,
  method: 'get',
  path: `${SHARES}/{id}/link`,
  summary: 'The link of a pending or active share, to copy again',
  request: { params: IdParam },
  responses: { 200: json(ShareLinkResponse, 'The link'), ...problems(401, 404, 409, 503) },
});
const accessLog = createRoute({
  ...base,
  method: 'get',
  path: `${SHARES}/{id}/access-log`,
  summary: 'Every caregiver read of a share: when, from which address and browser, what was viewed',
  request: { params: IdParam },
  responses: { 200: json(ShareAccessLogResponse, 'Newest first'), ...problems(401, 404, 503) },
});
const withMe = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/shared-with-me',
  summary: 'Shares bound to your account (those that require signing in with your address)',
  responses: { 200: json(SharedWithMeResponse, 'Shared with you'), ...problems(401, 503) },
});

export const sharingRoutes = ({ config, mailer, requireUser, limiter }: AppDeps) => {
  const app = createRouter();
  app.use(SHARES, requireUser);
  app.use(`${SHARES}/*`, requireUser);
  app.use('/api/v1/shared-with-me', requireUser);
  const cfg = { appUrl: config.appUrl, encryptionKey: config.encryptionKey };
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) => c.json(await listShares(c.get('db'), uid(c)), 200));
  const invitationQuota = createInvitationQuota(limiter, config.shareInvitations);
  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    await invitationQuota(uid(c));
    return c.json(await createShare(c.get('db'), mailer, cfg, uid(c), body), 201);
  });
  app.openapi(update, async (c) =>
    c.json(await updateShare(c.get('db'), uid(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(revoke, async (c) =>
    c.json(await revokeShare(c.get('db'), { userId: uid(c) }, c.req.valid('param').id), 200),
  );
  app.openapi(link, async (c) =>
    c.json(await getShareLink(c.get('db'), cfg, uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(accessLog, async (c) =>
    c.json(await shareAccessLog(c.get('db'), uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(withMe, async (c) => c.json(await sharedWithMe(c.get('db'), cfg, uid(c)), 200));
  return app;
};
