import { ProblemResponse } from '@healthfolio/core';
import {
  ShlManifestRequest,
  ShlManifestResponse,
  ShlPasscodeResponse,
} from '@healthfolio/core/packets/packet.schema';
import { createRoute, z } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import type { AppDeps } from '../../app-deps';
import { consumeOr429 } from '../../auth/throttle';
import { ipBucket } from '../../http/client-ip';
import { createRouter, json, jsonBody } from '../../http/openapi';
import { problemBody } from '../../http/problem';
import { SHARE_LOOKUPS_PER_IP } from '../sharing/shared-view.routes';
import { readShlFile, signFileToken } from './shl-file';
import { openManifest, WrongPasscode } from './shl-manifest.service';

/** The SHL manifest: public (the link is the credential), called by our viewer and by clinic apps. */
export const SHL_PATHS = '/api/shl/*';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemResponse } },
});

const manifest = createRoute({
  tags: ['SMART Health Links'],
  method: 'post',
  path: '/api/shl/{manifestId}',
  summary: 'SMART Health Link manifest: the packet as a JWE (dir, A256GCM) under the key in the link',
  description:
    'No session: the manifest id in the link is the credential, and the passcode is required (flag P). A wrong passcode answers 401 with remainingAttempts; after 10 the link is dead.',
  request: { params: z.object({ manifestId: z.string().max(200) }), body: jsonBody(ShlManifestRequest) },
  responses: {
    200: json(ShlManifestResponse, 'The manifest with its one embedded file'),
    400: problem('The request is not valid'),
    401: {
      description: 'Wrong or missing passcode, with the attempts left',
      content: { 'application/problem+json': { schema: ShlPasscodeResponse } },
    },
    404: problem('Unknown, expired, revoked or locked link (one answer)'),
    429: problem('Too many link lookups from this address'),
  },
});

const file = createRoute({
  tags: ['SMART Health Links'],
  method: 'get',
  path: '/api/shl/file/{token}',
  summary: 'A manifest `location`: the packet JWE, for 5 minutes after the manifest answered it',
  request: { params: z.object({ token: z.string().max(300) }) },
  responses: {
    200: { description: 'The JWE (compact)', content: { 'application/jose': { schema: z.string() } } },
    404: problem('Unknown or expired file link, or the packet is no longer usable'),
    429: problem('Too many link lookups from this address'),
  },
});

/**
 * SHL clients live on other origins: the manifest answers CORS (no credentials, so no cookie ever
 * rides along) and is exempt from the same-origin check in app.ts.
 */
export const shlCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['content-type'],
  maxAge: 600,
});

export const shlRoutes = ({ storage, limiter, config }: AppDeps) => {
  const app = createRouter();
  const lookups = limiter({ keyPrefix: 'shl-lookup', ...SHARE_LOOKUPS_PER_IP });
  const fileUrl = (packetId: string) =>
    `${config.appUrl}/api/shl/file/${signFileToken(config.sessionSecret, packetId)}`;
  app.openapi(file, async (c) => {
    await consumeOr429(lookups, ipBucket(c.get('clientIp')), 'link lookups');
    const jwe = await readShlFile(c.get('db'), storage, config.sessionSecret, c.req.valid('param').token);
    return c.body(jwe, 200, { 'content-type': 'application/jose' });
  });
  app.openapi(manifest, async (c) => {
    await consumeOr429(lookups, ipBucket(c.get('clientIp')), 'link lookups');
    try {
      return c.json(
        await openManifest(
          { db: c.get('db'), storage, fileUrl },
          c.req.valid('param').manifestId,
          c.req.valid('json'),
        ),
        200,
      );
    } catch (err) {
      if (!(err instanceof WrongPasscode)) throw err;
      const body = {
        ...problemBody(401, 'shl_passcode_wrong', 'The passcode is not correct.', {
          requestId: c.get('requestId'),
        }),
        remainingAttempts: err.remainingAttempts,
      };
      return c.json(body, 401, { 'content-type': 'application/problem+json' });
    }
  });
  return app;
};
