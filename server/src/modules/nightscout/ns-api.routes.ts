import { GLUCOSE_MAX_ROWS } from '@healthfolio/core';
import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter } from '../../http/openapi';
import { authenticateUpload, credentialForToken, presentedSecret } from './ns-credentials.service';
import {
  bearer,
  consumeOrRefuse,
  NS_COMPAT_VERSION,
  nsError,
  nsPerIpLimiter,
  queryBound,
  readBody,
  refusedBody,
} from './ns-http';
import { asDocs, treatmentDocs } from './ns-payload';
import {
  deleteReadings,
  deleteTreatment,
  nsId,
  readEntries,
  storeEntries,
  storeTreatments,
} from './ns-upload.service';
import { nsV3Routes } from './ns-v3.routes';

/** `entries/sgv.json` → ['entries', 'sgv']: Nightscout maps the extension to the content type. */
const segmentsOf = (rest: string) =>
  rest
    .replace(/\/+$/, '')
    .replace(/\.json$/, '')
    .split('/')
    .filter(Boolean);

/** v1's `find[date][$gte]=…` (also on `dateString` and `sysTime`). */
const findBound = (q: Record<string, string>, ops: string[]) =>
  queryBound(q, ops, (op) => ['date', 'dateString', 'sysTime'].map((f) => `find[${f}][${op}]`));

export const statusDoc = () => {
  const now = new Date();
  return {
    status: 'ok',
    name: 'Healthfolio',
    version: NS_COMPAT_VERSION,
    // AndroidAPS' NSClient compares this number (major·10000 + minor·100 + patch) with its minimum.
    versionNum: NS_COMPAT_VERSION.split('.').reduce((n, part) => n * 100 + Number(part), 0),
    serverTime: now.toISOString(),
    serverTimeEpoch: now.getTime(),
    apiEnabled: true,
    careportalEnabled: true,
    boluscalcEnabled: false,
    settings: { units: 'mg/dl', enable: ['careportal'], authDefaultRoles: 'denied' },
    extendedSettings: {},
    authorized: null,
    runtimeState: 'loaded',
  };
};

/** Accepted and answered as Nightscout does, not kept: Healthfolio has no place for them (yet). */
export const echo = (body: unknown) =>
  asDocs(body).map((d, i) => ({
    ...d,
    _id: typeof d._id === 'string' ? d._id : nsId('echo', Date.now(), i),
  }));

const NS_DOCS = [
  ['get', 'status.json', 'Nightscout status document (what the apps check first)'],
  ['post', 'entries', 'Upload sgv/mbg entries (an array or one object); replays are no-ops'],
  ['get', 'entries/sgv.json', 'Your readings newest first: count, find[date][$gte|$gt|$lte|$lt]'],
  ['post', 'treatments', 'Upload treatments: carbs → meal entries, insulin → insulin entries'],
  ['delete', 'treatments/{id}', 'Delete what an uploaded treatment created (never entries made in the app)'],
  ['delete', 'entries', 'Delete uploaded sensor readings in find[date] bounds (a bound is required)'],
] as const;

/** Nightscout answers a v1 delete with the database's count (MongoDB's `deleteMany` result). */
const deleted = (n: number) => ({ acknowledged: true, deletedCount: n, n, ok: 1 });

export const nsApiRoutes = (deps: AppDeps) => {
  const { limiter, notifier, config } = deps;
  const app = createRouter();
  // The handler below is one catch-all (Nightscout's paths take .json suffixes); documented here.
  for (const [method, path, summary] of NS_DOCS)
    app.openAPIRegistry.registerPath({
      method,
      path: `/ns/{slug}/api/v1/${path}`,
      tags: ['Nightscout uploader API'],
      summary: `${summary}. Auth: api-secret (SHA-1 hex of the secret), ?token= or Bearer; see docs/devices.md`,
      request: { params: z.object({ slug: z.string() }) },
      responses: {
        200: { description: 'As Nightscout answers' },
        401: { description: '{"status":401,"message":"Unauthorized"}' },
      },
    });
  const perIp = nsPerIpLimiter(limiter);

  // The budget, then the credential, then the body (DESIGN §5): nothing is read for a stranger.
  app.all('/ns/:slug/api/v1/:rest{.+}', async (c) => {
    const refused = await consumeOrRefuse(c, perIp);
    if (refused) return refused;
    const method = c.req.method;
    const token = c.req.query('token') ?? bearer(c);
    const apiSecret = c.req.header('api-secret') ?? c.req.query('secret');
    // A JWT from /api/v2/authorization/request works here too, as in Nightscout.
    const jwt = !apiSecret && token?.split('.').length === 3;
    const auth = jwt
      ? await credentialForToken(c.var.db, config.sessionSecret, token, c.req.param('slug'))
      : await authenticateUpload(c.var.db, c.req.param('slug'), presentedSecret({ apiSecret, token }));
    if (!auth) return nsError(c, 401, 'Unauthorized', 'Invalid/Missing');
    const parsed = await readBody(c);
    if (!parsed.ok)
      return refusedBody(c, parsed.reason, () =>
        nsError(c, 400, 'Bad Request', 'The body is not valid JSON.'),
      );
    const body = parsed.body;
    const [resource, sub] = segmentsOf(c.req.param('rest'));
    const q = c.req.query();

    if (method === 'GET' && resource === 'status') return c.json(statusDoc());
    if (method === 'GET' && resource === 'verifyauth')
      return c.json({
        status: 200,
        message: {
          canRead: true,
          canWrite: true,
          isAdmin: false,
          message: 'OK',
          rolefound: 'FOUND',
          permissions: 'ROLE',
        },
      });
    if (resource === 'entries') {
      const fromMs = findBound(q, ['$gte', '$gt']);
      const toMs = findBound(q, ['$lte', '$lt']);
      if (method === 'POST' || method === 'PUT')
        return c.json((await storeEntries(c.var.db, notifier, auth.userId, body)).docs);
      if (method === 'GET') {
        const current = sub === 'current';
        const kind = sub === 'sgv' || sub === 'mbg' ? sub : current ? 'sgv' : 'all';
        const count = current ? 1 : Math.min(Math.max(Number(q.count) || 10, 1), GLUCOSE_MAX_ROWS);
        return c.json(await readEntries(c.var.db, auth.userId, { kind, count, fromMs, toMs }));
      }
      if (method === 'DELETE') {
        // Nightscout deletes whatever matches, even everything; we ask for a range at least.
        if (sub === 'mbg' || (fromMs === undefined && toMs === undefined)) return c.json(deleted(0));
        return c.json(deleted(await deleteReadings(c.var.db, auth.userId, { fromMs, toMs })));
      }
    }
    if (resource === 'treatments') {
      if (method === 'POST' || method === 'PUT') {
        await storeTreatments(c.var.db, auth, body);
        const docs = treatmentDocs(body);
        return c.json(method === 'PUT' && !Array.isArray(body) ? docs[0] : docs);
      }
      if (method === 'GET') return c.json([]);
      if (method === 'DELETE') {
        const id = sub ?? q['find[_id]'];
        if (!id || id === '*') return c.json(deleted(0));
        return c.json(deleted(await deleteTreatment(c.var.db, auth, id)));
      }
    }
    if (['devicestatus', 'activity', 'food', 'profile'].includes(resource ?? '')) {
      if (method === 'POST' || method === 'PUT') return c.json(echo(body));
      if (method === 'GET') return c.json([]);
    }
    return nsError(c, 404, 'Not Found', 'Healthfolio does not offer this part of the Nightscout API.');
  });
  app.route('/', nsV3Routes(deps, perIp));
  return app;
};
