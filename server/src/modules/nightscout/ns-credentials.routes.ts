import {
  NsCredentialCreatedResponse,
  NsCredentialCreateRequest,
  NsCredentialListResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createCredential, listCredentials, revokeCredential } from './ns-credentials.service';

const base = { tags: ['Devices'], security: SESSION_SECURITY };
const PATH = '/api/v1/devices/nightscout/credentials';

const list = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary: 'Your Nightscout upload credentials (their secrets are never shown again)',
  responses: { 200: json(NsCredentialListResponse, 'Credentials'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: PATH,
  summary: 'Create an upload credential for a phone app (xDrip+, AndroidAPS…); the secret is shown this once',
  request: { body: jsonBody(NsCredentialCreateRequest) },
  responses: {
    201: json(NsCredentialCreatedResponse, 'The credential with its secret'),
    ...problems(400, 401, 409, 503),
  },
});
const revoke = createRoute({
  ...base,
  method: 'delete',
  path: `${PATH}/{id}`,
  summary: 'Revoke an upload credential; the app using it is refused from its next request',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 204: { description: 'Revoked' }, ...problems(401, 404, 503) },
});

export const nsCredentialsRoutes = ({ config, requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireUser);
  app.use(`${PATH}/*`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(list, async (c) => c.json(await listCredentials(c.get('db'), config.appUrl, uid(c)), 200));
  app.openapi(create, async (c) =>
    c.json(await createCredential(c.get('db'), config.appUrl, uid(c), c.req.valid('json')), 201),
  );
  app.openapi(revoke, async (c) => {
    await revokeCredential(c.get('db'), uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
