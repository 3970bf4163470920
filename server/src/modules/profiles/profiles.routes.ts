import { ProfileResponse, ProfileUpdateRequest } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { getOwnProfile, updateOwnProfile } from './profiles.service';

const getRoute = createRoute({
  method: 'get',
  path: '/api/v1/profile',
  tags: ['Profile'],
  summary: 'Your profile (platform mode, display name, glucose unit, time zone)',
  security: SESSION_SECURITY,
  responses: { 200: json(ProfileResponse, 'Your profile'), ...problems(401, 503) },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/api/v1/profile',
  tags: ['Profile'],
  summary: 'Update your profile; switching the platform mode keeps all data',
  security: SESSION_SECURITY,
  request: { body: jsonBody(ProfileUpdateRequest) },
  responses: { 200: json(ProfileResponse, 'The updated profile'), ...problems(400, 401, 503) },
});

export const profilesRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/profile', requireUser);
  app.openapi(getRoute, async (c) => c.json(await getOwnProfile(c.get('db'), c.get('user')), 200));
  app.openapi(patchRoute, async (c) =>
    c.json(await updateOwnProfile(c.get('db'), c.get('user'), c.req.valid('json')), 200),
  );
  return app;
};
