import { SecondFactorStatusResponse } from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../http/openapi';
import { getOwnRoles } from '../modules/roles/roles.service';
import { secondFactorStatus } from './second-factor';

const statusRoute = createRoute({
  method: 'get',
  path: '/api/v1/me/second-factor',
  tags: ['Auth'],
  summary: 'Your second factors (authenticator app, passkeys) and whether your role requires one',
  description:
    'Set up and removed through better-auth at /api/auth/two-factor/* and /api/auth/passkey/* (each ' +
    'change needs the re-entered password). Admin routes answer 403 `two_factor_required` until `enabled`, ' +
    'and 403 `second_factor_required` until this session passed one (`sessionVerified`: a sign-in with the ' +
    'code or a passkey, or a code confirmed at /api/auth/two-factor/verify-totp while signed in).',
  security: SESSION_SECURITY,
  responses: { 200: json(SecondFactorStatusResponse, 'Your second factors'), ...problems(401, 503) },
});

export const secondFactorRoutes = ({ requireAccount }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/me/second-factor', requireAccount);
  app.openapi(statusRoute, async (c) => {
    const { id: userId, sessionId } = c.get('user');
    const { isAdmin } = await getOwnRoles(c.get('db'), userId);
    return c.json(await secondFactorStatus(c.get('db'), userId, sessionId, isAdmin), 200);
  });
  return app;
};
