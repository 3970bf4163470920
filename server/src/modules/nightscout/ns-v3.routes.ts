import { GLUCOSE_MAX_ROWS } from '@healthfolio/core';
import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps } from '../../app-deps';
import { createRouter } from '../../http/openapi';
import { accessTokenSubject, FOLLOWER_SUB, type NsAuth, resolveNsAuth } from './ns-auth';
import type { NsCollection } from './ns-collections.repository';
import {
  readByIdentifier,
  readChangedSince,
  readDocs,
  readLastModified,
  storeDeviceStatus,
  storeProfiles,
} from './ns-collections.service';
import { v3Doc } from './ns-docs';
import { BadFindValue, type FindCond, findConditions, refusedPattern } from './ns-find';
import {
  bearer,
  consumeOrRefuse,
  NS_ANSWERS,
  NS_COMPAT_VERSION,
  nsError,
  queryBound,
  readBody,
  refusedBody,
} from './ns-http';
import { asDocs, calculateIdentifier, parseTreatments, treatmentIdentifier } from './ns-payload';
import { announceNsData } from './ns-socket-data';
import { FOLLOWER_PERMISSIONS, UPLOAD_PERMISSIONS } from './ns-status';
import { signNsJwt } from './ns-token';
import {
  deleteReadings,
  deleteTreatment,
  lastStoredMs,
  readEntries,
  readEntry,
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

/** The collections kept whole (the others are accepted and not kept). */
const KEPT = new Set<string>(['treatments', 'devicestatus', 'profile']);

const versionInfo = () => ({
  version: NS_COMPAT_VERSION,
  apiVersion: API3_VERSION,
  srvDate: Date.now(),
  storage: { storage: 'postgresql', version: '16' },
});

/** `{status}` alone, as Nightscout's sendJSON answers deletes and misses. */
const envelope = (c: Context, status: 200 | 201 | 404 | 410, fields: Record<string, unknown> = {}) =>
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

const RESERVED = new Set(['token', 'sort', 'sort$desc', 'limit', 'skip', 'fields', 'now']);
const V3_OPS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin']);

/** API v3's filters (`field$op=value`, `in`/`nin` lists split by `|`) as v1's find conditions. */
const v3Find = (params: URLSearchParams) => {
  const find = new Map<string, FindCond[]>();
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const m =
      /^([A-Za-z_]\w{0,63})(?:\$([a-z]+))?$/.exec(key) ?? /^([A-Za-z_]\w{0,63})\[\$([a-z]+)\]$/.exec(key);
    if (!m) continue;
    const op = m[2] ?? 'eq';
    if (!V3_OPS.has(op)) return null;
    const conds = find.get(m[1]!) ?? [];
    conds.push(
      op === 'in' || op === 'nin'
        ? { op: `$${op}` as '$in' | '$nin', values: value.split('|') }
        : ({ op: `$${op}` as FindCond['op'] & string, value } as FindCond),
    );
    find.set(m[1]!, conds);
  }
  return find;
};

/** Search in a kept collection: `date`/`created_at` (profiles' too), `srvModified`, any document field. */
const searchKept = async (
  c: Context,
  auth: NsAuth,
  col: NsCollection,
  limit: number,
  params: URLSearchParams,
) => {
  const find = v3Find(params);
  if (!find) return nsError(c, 400, 'Unsupported filter operator');
  const time = col === 'profile' ? sql`start_date` : sql`occurred_at`;
  const modified = col === 'devicestatus' ? sql`created_at` : sql`modified_at`;
  const where = findConditions(find, {
    times: {
      date: time,
      created_at: time,
      startDate: time,
      srvModified: modified,
      srvCreated: sql`created_at`,
    },
    columns: { identifier: sql`identifier`, ...(col === 'treatments' ? { eventType: sql`event_type` } : {}) },
    doc: sql`doc`,
  });
  const sortDesc = params.get('sort$desc');
  const rows = await readDocs(c.get('db'), auth.userId, col, { where, count: limit, ascending: !sortDesc });
  return c.json({ status: 200, result: rows.map(v3Doc) });
};

/** AndroidAPS reads `apiPermissions` before it writes: a follower sees `r` only. */
const permissions = (auth: NsAuth) =>
  Object.fromEntries(COLLECTIONS.map((name) => [name, auth.canWrite ? 'crud' : 'r']));

export const nsV3Routes = (deps: AppDeps, perIp: { consume: (key: string) => Promise<unknown> }) => {
  const { config } = deps;
  const app = createRouter();
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/v2/authorization/request/{accessToken}',
    tags: ['Nightscout uploader API'],
    summary:
      "A JWT for API v3 (AndroidAPS' NSClient v3) and followers, as Nightscout answers it: the access token is an upload credential's secret or a follower token",
    request: { params: z.object({ accessToken: z.string() }) },
    responses: { ...NS_ANSWERS, 200: { description: '{token, sub, permissionGroups, iat, exp}' } },
  });

  for (const [path, summary] of [
    ['status', 'API v3 status: version and the permissions AndroidAPS checks (`crud` for each collection)'],
    ['entries', 'Your readings: type=sgv, sort=date or sort$desc=date, date$gt|$gte|$lt|$lte, limit'],
    ['treatments', 'Treatments: date$gte…, eventType, sort$desc=date, limit; /history/{ms}; /{identifier}'],
    ['devicestatus', 'Device status, likewise'],
    ['profile', 'Profiles, likewise'],
  ] as const)
    app.openAPIRegistry.registerPath({
      method: 'get',
      path: `/ns/{slug}/api/v3/${path}`,
      tags: ['Nightscout uploader API'],
      summary: `${summary}. Auth: Bearer JWT from /api/v2/authorization/request; see docs/devices.md`,
      request: { params: z.object({ slug: z.string() }) },
      responses: { ...NS_ANSWERS, 200: { description: '{status: 200, result}' } },
    });

  const requestJwt = async (c: Context) => {
    const refused = await consumeOrRefuse(c, perIp);
    if (refused) return refused;
    const subject = await accessTokenSubject(c.get('db'), c.req.param('accessToken') ?? '');
    const slug = c.req.param('slug');
    if (
      !subject ||
      (slug !== undefined && subject.slug !== null && slug.toLowerCase() !== subject.slug.toLowerCase())
    )
      return nsError(c, 401, 'Unauthorized', 'Invalid/Missing');
    const follower = subject.kind === 'follower';
    const { token, iat, exp } = await signNsJwt(
      config.sessionSecret,
      follower ? `${FOLLOWER_SUB}${subject.id}` : subject.id,
    );
    return c.json({
      token,
      sub: subject.name,
      permissionGroups: follower ? FOLLOWER_PERMISSIONS : UPLOAD_PERMISSIONS,
      iat,
      exp,
    });
  };
  // AndroidAPS asks at the site's root (an absolute path in its Retrofit service); others below the slug.
  app.get('/api/v2/authorization/request/:accessToken', requestJwt);
  app.get('/ns/:slug/api/v2/authorization/request/:accessToken', requestJwt);
  app.all('/ns/:slug/api/v3/:rest{.+}', (c) =>
    serveNsV3(c, deps, perIp, c.req.param('slug'), c.req.param('rest')),
  );
  return app;
};

/** API v3 for one request, under `/ns/{slug}` or (slug null) at the site's root. */
export const serveNsV3 = async (
  c: Context,
  { notifier, config, bus }: AppDeps,
  perIp: { consume: (key: string) => Promise<unknown> },
  slug: string | null,
  rest: string,
) => {
  const refused = await consumeOrRefuse(c, perIp);
  if (refused) return refused;
  const method = c.req.method;
  const [col, second, third] = rest.replace(/\/+$/, '').split('/');
  // Nightscout answers its version to anyone.
  if (method === 'GET' && col === 'version' && !second) return c.json({ status: 200, result: versionInfo() });
  const token = bearer(c) ?? c.req.query('token');
  if (!token) return nsError(c, 401, 'Missing or bad access token or JWT');
  const auth = await resolveNsAuth(c.get('db'), config.sessionSecret, slug, { token });
  if (!auth) return nsError(c, 401, 'Bad access token or JWT');
  const write = method !== 'GET' && method !== 'HEAD';
  if (write && !auth.canWrite) {
    const action = method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update';
    return nsError(c, 403, `Missing permission api:${col}:${action}`);
  }
  const parsed = await readBody(c);
  if (!parsed.ok) return refusedBody(c, parsed.reason, () => nsError(c, 400, 'Bad or missing request body'));
  const q = c.req.query();
  const db = c.get('db');

  if (method === 'GET' && col === 'status' && !second)
    return c.json({ status: 200, result: { ...versionInfo(), apiPermissions: permissions(auth) } });
  if (method === 'GET' && col === 'lastModified' && !second) {
    const entries = await lastStoredMs(db, auth.userId);
    const kept = await readLastModified(db, auth.userId);
    const collections = Object.fromEntries(
      Object.entries({ entries, ...kept }).filter((e): e is [string, number] => e[1] !== null),
    );
    return c.json({ status: 200, result: { srvDate: Date.now(), collections } });
  }
  if (!COLLECTIONS.includes(col as (typeof COLLECTIONS)[number]))
    return nsError(c, 404, 'Bad operation or collection');
  const limit = limitOf(q);
  if (limit === null) return nsError(c, 400, 'Parameter limit out of tolerance');
  const kept = KEPT.has(col!) ? (col as NsCollection) : null;

  try {
    if (method === 'GET' && second === 'history') {
      const from = third ?? c.req.header('last-modified');
      const fromMs = from === undefined ? Number.NaN : /^\d+$/.test(from) ? Number(from) : Date.parse(from);
      if (Number.isNaN(fromMs)) return nsError(c, 400, 'Bad or missing Last-Modified header/parameter');
      let result: Record<string, unknown>[] = [];
      if (col === 'entries')
        result = (
          await readEntries(db, auth.userId, { kind: 'all', count: limit, storedAfterMs: fromMs })
        ).map((d) => ({
          ...d,
          units: 'mg/dl',
        }));
      else if (kept) result = (await readChangedSince(db, auth.userId, kept, fromMs, limit)).map(v3Doc);
      const last = result.at(-1)?.srvModified;
      if (last !== undefined) c.header('ETag', `W/"${last}"`);
      return c.json({ status: 200, result });
    }
    if (method === 'GET' && !second) {
      if (kept) return await searchKept(c, auth, kept, limit, new URL(c.req.url).searchParams);
      if (col !== 'entries') return c.json({ status: 200, result: [] });
      const kind = q.type === 'sgv' || q.type === 'mbg' ? q.type : 'all';
      const docs = await readEntries(db, auth.userId, {
        kind,
        count: limit,
        fromMs: dateFilter(q, ['$gte', '$gt']),
        toMs: dateFilter(q, ['$lte', '$lt']),
        ascending: q.sort === 'date',
      });
      return c.json({ status: 200, result: docs.map((d) => ({ ...d, units: 'mg/dl' })) });
    }
  } catch (err) {
    if (err instanceof BadFindValue || refusedPattern(err)) return nsError(c, 400, 'Bad filter value');
    throw err;
  }
  if (method === 'GET' && second && !third) {
    if (col === 'entries') {
      // By its identifier, or the `_id` API v1 answered (Nightscout looks for either).
      const entry = await readEntry(db, auth.userId, second);
      return entry ? c.json({ status: 200, result: { ...entry, units: 'mg/dl' } }) : envelope(c, 404);
    }
    const found = kept ? await readByIdentifier(db, auth.userId, kept, second) : undefined;
    return found ? c.json({ status: 200, result: v3Doc(found) }) : envelope(c, 404);
  }
  const uploader = { userId: auth.userId, credentialId: auth.credentialId! };
  if (method === 'POST' && !second) {
    const [raw] = asDocs(parsed.body);
    if (!raw || Array.isArray(parsed.body)) return nsError(c, 400, 'Bad or missing request body');
    const doc = withDate(raw);
    const invalid = invalidCreate(doc);
    if (invalid) return nsError(c, 400, invalid);
    const now = Date.now();
    c.header('Last-Modified', new Date(now).toUTCString());
    if (col === 'entries') {
      const { inserted, stored } = await storeEntries(db, notifier, auth.userId, doc, { readBack: true });
      announceNsData(bus, auth.userId);
      const identifier = stored?.identifier ?? calculateIdentifier(doc);
      if (stored && !inserted)
        return envelope(c, 200, { identifier, isDeduplication: true, lastModified: now });
      return envelope(c, 201, { identifier, lastModified: now });
    }
    let identifier = col === 'treatments' ? treatmentIdentifier(doc) : calculateIdentifier(doc);
    let duplicate = false;
    if (col === 'treatments') {
      const kept = parseTreatments(doc).treatments.length > 0;
      const { created, stored } = await storeTreatments(db, uploader, doc);
      duplicate = (kept && !created) || (stored[0] !== undefined && !stored[0].inserted);
    }
    if (col === 'devicestatus' || col === 'profile') {
      const { stored } = await (col === 'devicestatus' ? storeDeviceStatus : storeProfiles)(
        db,
        auth.userId,
        doc,
      );
      if (stored[0]) {
        identifier = stored[0].identifier;
        duplicate = !stored[0].inserted;
      }
    }
    announceNsData(bus, auth.userId);
    if (duplicate) return envelope(c, 200, { identifier, isDeduplication: true, lastModified: now });
    // food, settings: accepted and not kept, so AndroidAPS' queue moves on.
    return envelope(c, 201, { identifier, lastModified: now });
  }
  if ((method === 'PATCH' || method === 'PUT') && second && !third)
    // Edits are acknowledged and not applied: Healthfolio keeps what was first uploaded.
    return envelope(c, 200, { lastModified: Date.now() });
  if (method === 'DELETE' && second && !third) {
    const found =
      col === 'entries'
        ? UUID.test(second) && (await deleteReadings(db, auth.userId, { id: second })) > 0
        : col === 'treatments' && (await deleteTreatment(db, uploader, second)) > 0;
    if (found) announceNsData(bus, auth.userId);
    return envelope(c, found ? 200 : 404);
  }
  return nsError(c, 404, 'Bad operation or collection');
};
