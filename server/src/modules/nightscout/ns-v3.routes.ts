import { GLUCOSE_MAX_ROWS } from '@healthfolio/core';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../../app-deps';
import { createRouter } from '../../http/openapi';
import { credentialForAccessToken, credentialForToken } from './ns-credentials.service';
import {
  bearer,
  consumeOrRefuse,
  NS_COMPAT_VERSION,
  nsError,
  queryBound,
  readBody,
  refusedBody,
} from './ns-http';
import { asDocs, calculateIdentifier, parseTreatments, treatmentIdentifier } from './ns-payload';
import { signNsJwt } from './ns-token';
import {
  deleteReadings,
  deleteTreatment,
  lastStoredMs,
  readEntries,
  storeEntries,
  storeTreatments,
} from './ns-upload.service';

/**
 * Nightscout's API v3 as AndroidAPS' NSClient v3 uses it (core/nssdk NightscoutRemoteService), and
 * the JWT it asks for first. Answers are Nightscout's envelopes (`{status, result}`, creates
 * `{status, identifier, lastModified}`); what it uploads goes through the same rules as API v1.
 */

const API3_VERSION = '3.0.3-alpha';
const MIN_TIMESTAMP = 946684800000;
/** Everything AndroidAPS checks for before it writes (`ApiPermissions.isFull`). */
const COLLECTIONS = ['devicestatus', 'entries', 'food', 'profile', 'settings', 'treatments'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Nightscout grants a token's subject these; ours is the upload credential, allowed all of them. */
const PERMISSION_GROUPS = [['api:*:read', 'api:*:create', 'api:*:update', 'api:*:delete']];

const versionInfo = () => ({
  version: NS_COMPAT_VERSION,
  apiVersion: API3_VERSION,
  srvDate: Date.now(),
  storage: { storage: 'postgresql', version: '16' },
});

/** `{status}` alone, as Nightscout's sendJSON answers deletes and misses. */
const envelope = (c: Context, status: 200 | 201 | 404, fields: Record<string, unknown> = {}) =>
  c.json({ status, ...fields }, status);

const limitOf = (q: Record<string, string>) => {
  if (q.limit === undefined) return GLUCOSE_MAX_ROWS;
  const n = Number(q.limit);
  return Number.isInteger(n) && n > 0 && n <= GLUCOSE_MAX_ROWS ? n : null;
};

/** `date$gt=…` (AndroidAPS) and Nightscout's bracketed spelling of the same filter. */
const dateFilter = (q: Record<string, string>, ops: string[]) =>
  queryBound(q, ops, (op) => [`date${op}`, `date[${op}]`]);

/** Nightscout's create validation (operationTools.validateCommon), with its messages AAPS reads. */
const invalidCreate = (doc: Record<string, unknown>) => {
  if (typeof doc.date !== 'number' || doc.date <= MIN_TIMESTAMP) return 'Bad or missing date field';
  const off = doc.utcOffset;
  if (off !== undefined && (typeof off !== 'number' || off < -1440 || off > 1440))
    return 'Bad or missing utcOffset field';
  if (typeof doc.app !== 'string' || !doc.app.trim()) return 'Bad or missing app field';
  return null;
};

/** Nightscout's `parseDate`: a document without `date` takes it from `dateString` / `created_at`. */
const withDate = (doc: Record<string, unknown>) => {
  if (doc.date !== undefined) return doc;
  for (const f of ['dateString', 'created_at', 'timestamp']) {
    const ms = typeof doc[f] === 'string' ? Date.parse(doc[f] as string) : Number.NaN;
    if (!Number.isNaN(ms)) return { ...doc, date: ms };
  }
  return doc;
};

export const nsV3Routes = (
  { notifier, config }: AppDeps,
  perIp: { consume: (key: string) => Promise<unknown> },
) => {
  const app = createRouter();
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/v2/authorization/request/{accessToken}',
    tags: ['Nightscout uploader API'],
    summary:
      "A JWT for API v3 (AndroidAPS' NSClient v3), as Nightscout answers it: the access token is an upload credential's secret",
    request: { params: z.object({ accessToken: z.string() }) },
    responses: {
      200: { description: '{token, sub, permissionGroups, iat, exp}' },
      401: { description: '{"status":401,"message":"Unauthorized"}' },
    },
  });

  for (const [path, summary] of [
    ['status', 'API v3 status: version and the permissions AndroidAPS checks (`crud` for each collection)'],
    ['entries', 'Your readings: type=sgv, sort=date or sort$desc=date, date$gt|$gte|$lt|$lte, limit'],
  ] as const)
    app.openAPIRegistry.registerPath({
      method: 'get',
      path: `/ns/{slug}/api/v3/${path}`,
      tags: ['Nightscout uploader API'],
      summary: `${summary}. Auth: Bearer JWT from /api/v2/authorization/request; see docs/devices.md`,
      request: { params: z.object({ slug: z.string() }) },
      responses: {
        200: { description: '{status: 200, result}' },
        401: { description: '{"status":401,"message":"Bad access token or JWT"}' },
      },
    });

  const requestJwt = async (c: Context) => {
    const refused = await consumeOrRefuse(c, perIp);
    if (refused) return refused;
    const cred = await credentialForAccessToken(c.var.db, c.req.param('accessToken') ?? '');
    const slug = c.req.param('slug');
    if (!cred || (slug !== undefined && slug.toLowerCase() !== cred.slug.toLowerCase()))
      return nsError(c, 401, 'Unauthorized', 'Invalid/Missing');
    const { token, iat, exp } = await signNsJwt(config.sessionSecret, cred.id);
    return c.json({ token, sub: cred.name, permissionGroups: PERMISSION_GROUPS, iat, exp });
  };
  // AndroidAPS asks at the site's root (an absolute path in its Retrofit service); others below the slug.
  app.get('/api/v2/authorization/request/:accessToken', requestJwt);
  app.get('/ns/:slug/api/v2/authorization/request/:accessToken', requestJwt);

  app.all('/ns/:slug/api/v3/:rest{.+}', async (c) => {
    const refused = await consumeOrRefuse(c, perIp);
    if (refused) return refused;
    const method = c.req.method;
    const [col, second, third] = c.req.param('rest').replace(/\/+$/, '').split('/');
    // Nightscout answers its version to anyone.
    if (method === 'GET' && col === 'version' && !second)
      return c.json({ status: 200, result: versionInfo() });
    if (!bearer(c)) return nsError(c, 401, 'Missing or bad access token or JWT');
    const auth = await credentialForToken(c.var.db, config.sessionSecret, bearer(c), c.req.param('slug'));
    if (!auth) return nsError(c, 401, 'Bad access token or JWT');
    const parsed = await readBody(c);
    if (!parsed.ok)
      return refusedBody(c, parsed.reason, () => nsError(c, 400, 'Bad or missing request body'));
    const q = c.req.query();

    if (method === 'GET' && col === 'status' && !second) {
      const apiPermissions = Object.fromEntries(COLLECTIONS.map((name) => [name, 'crud']));
      return c.json({ status: 200, result: { ...versionInfo(), apiPermissions } });
    }
    if (method === 'GET' && col === 'lastModified' && !second) {
      const entries = await lastStoredMs(c.var.db, auth.userId);
      return c.json({
        status: 200,
        result: { srvDate: Date.now(), collections: entries ? { entries } : {} },
      });
    }
    if (!COLLECTIONS.includes(col as (typeof COLLECTIONS)[number]))
      return nsError(c, 404, 'Bad operation or collection');
    const limit = limitOf(q);
    if (limit === null) return nsError(c, 400, 'Parameter limit out of tolerance');

    if (method === 'GET' && second === 'history') {
      const from = third ?? c.req.header('last-modified');
      const fromMs = from === undefined ? Number.NaN : /^\d+$/.test(from) ? Number(from) : Date.parse(from);
      if (Number.isNaN(fromMs)) return nsError(c, 400, 'Bad or missing Last-Modified header/parameter');
      // Healthfolio hands back its readings; treatments and the rest stay with the apps (as in API v1).
      if (col !== 'entries') return c.json({ status: 200, result: [] });
      const docs = await readEntries(c.var.db, auth.userId, {
        kind: 'all',
        count: limit,
        storedAfterMs: fromMs,
      });
      const last = docs.at(-1)?.srvModified;
      if (last !== undefined) c.header('ETag', `W/"${last}"`);
      return c.json({ status: 200, result: docs.map((d) => ({ ...d, units: 'mg/dl' })) });
    }
    if (method === 'GET' && !second) {
      if (col !== 'entries') return c.json({ status: 200, result: [] });
      const kind = q.type === 'sgv' || q.type === 'mbg' ? q.type : 'all';
      const docs = await readEntries(c.var.db, auth.userId, {
        kind,
        count: limit,
        fromMs: dateFilter(q, ['$gte', '$gt']),
        toMs: dateFilter(q, ['$lte', '$lt']),
        ascending: q.sort === 'date',
      });
      return c.json({ status: 200, result: docs.map((d) => ({ ...d, units: 'mg/dl' })) });
    }
    if (method === 'POST' && !second) {
      const [raw] = asDocs(parsed.body);
      if (!raw || Array.isArray(parsed.body)) return nsError(c, 400, 'Bad or missing request body');
      const doc = withDate(raw);
      const invalid = invalidCreate(doc);
      if (invalid) return nsError(c, 400, invalid);
      const now = Date.now();
      c.header('Last-Modified', new Date(now).toUTCString());
      if (col === 'entries') {
        const { inserted, stored } = await storeEntries(c.var.db, notifier, auth.userId, doc, {
          readBack: true,
        });
        const identifier = stored?.identifier ?? calculateIdentifier(doc);
        if (stored && !inserted)
          return envelope(c, 200, { identifier, isDeduplication: true, lastModified: now });
        return envelope(c, 201, { identifier, lastModified: now });
      }
      const identifier = col === 'treatments' ? treatmentIdentifier(doc) : calculateIdentifier(doc);
      if (col === 'treatments') {
        const kept = parseTreatments(doc).treatments.length > 0;
        const { created } = await storeTreatments(c.var.db, auth, doc);
        if (kept && !created)
          return envelope(c, 200, { identifier, isDeduplication: true, lastModified: now });
      }
      // devicestatus, profile, food, settings: accepted and not kept, so AndroidAPS' queue moves on.
      return envelope(c, 201, { identifier, lastModified: now });
    }
    if ((method === 'PATCH' || method === 'PUT') && second && !third)
      // Edits are acknowledged and not applied: Healthfolio keeps what was first uploaded.
      return envelope(c, 200, { lastModified: Date.now() });
    if (method === 'DELETE' && second && !third) {
      const found =
        col === 'entries'
          ? UUID.test(second) && (await deleteReadings(c.var.db, auth.userId, { id: second })) > 0
          : col === 'treatments' && (await deleteTreatment(c.var.db, auth, second)) > 0;
      return envelope(c, found ? 200 : 404);
    }
    if (method === 'GET' && second && !third) return envelope(c, 404);
    return nsError(c, 404, 'Bad operation or collection');
  });
  return app;
};
