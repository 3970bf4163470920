import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../../app-deps';
import { createRouter } from '../../http/openapi';
import { type NsAuth, presentedOf, resolveNsAuth } from './ns-auth';
import { storeDeviceStatus, storeProfiles } from './ns-collections.service';
import { type AuthRow, bySlugAfterBudget } from './ns-credentials.repository';
import { type PresentedSecret, presentedSecret, SLUG_PATTERN } from './ns-credentials.service';
import {
  doorCheck,
  forgetCredential,
  refusedAtDoor,
  rememberCredential,
  rememberedCredential,
} from './ns-door-cache';
import { ENTRY_ID, nsId } from './ns-entry-names';
import { BadFindValue, parseFind, refusedPattern, timeOf } from './ns-find';
import {
  budgetStatement,
  budgetThenLookup,
  consumeOrRefuse,
  NS_ANSWERS,
  type NsBody,
  nsError,
  nsPerIpLimiter,
  readBody,
  refusedBody,
} from './ns-http';
import { lastModified } from './ns-modified';
import { asDocs, treatmentDocs } from './ns-payload';
import { readCollection, readEntriesV1, respondEntries, splitPath } from './ns-read';
import { serveNsPlugins } from './ns-root';
import { announceNsData } from './ns-socket-data';
import { statusFor } from './ns-status';
import { servePatterned } from './ns-times';
import { deleteReadings, deleteTreatment, storeEntries, storeTreatments } from './ns-upload.service';
import { nsV3Routes } from './ns-v3.routes';

export { statusDoc } from './ns-follow.service';

/** Accepted and answered as Nightscout does, not kept: Healthfolio has no place for them (yet). */
export const echo = (body: unknown) =>
  asDocs(body).map((d, i) => ({
    ...d,
    _id: typeof d._id === 'string' ? d._id : nsId('echo', Date.now(), i),
  }));

const NS_DOCS = [
  ['get', 'status.json', 'Nightscout status document: units, thresholds from your glucose targets, plugins'],
  [
    'post',
    'entries',
    'Upload sgv/mbg entries (an array or one object); a replay stores nothing new, its extra fields replace the kept ones; cal accepted, not kept',
  ],
  [
    'get',
    'entries/sgv.json',
    'Your readings newest first: count, find[date][$gte|$gt|$lte|$lt|$eq|$in]; .csv/.tsv/.txt too',
  ],
  ['post', 'treatments', 'Upload treatments: kept whole; carbs → meal entries, insulin → insulin entries'],
  ['get', 'treatments.json', 'Treatments newest first: count, find[created_at][…], find[eventType]'],
  ['post', 'devicestatus', 'Upload device status (loop, openaps, pump, uploader)'],
  ['get', 'devicestatus.json', 'Device status newest first: count, find[created_at][…]'],
  ['post', 'profile', 'Upload the profile store'],
  ['get', 'profile.json', 'Profiles, newest startDate first; profile/current the active one'],
  [
    'get',
    'times/{prefix}/{regex}',
    'Readings whose dateString matches brace-expanded patterns (T{13..18}:{00..15})',
  ],
  [
    'get',
    'slice/{storage}/{field}/{type}/{prefix}/{regex}',
    'Entries, treatments or device status by pattern on a field',
  ],
  [
    'get',
    'count/{storage}/where',
    'How many entries, treatments or device statuses match find[…]: [{_id: null, count}]',
  ],
  ['delete', 'treatments/{id}', 'Delete an uploaded treatment (never entries made in the app)'],
  ['delete', 'entries', 'Delete uploaded sensor readings in find[date] bounds (a bound is required)'],
] as const;

/** Nightscout answers a v1 delete with the database's count (MongoDB's `deleteMany` result). */
const deleted = (n: number) => ({ acknowledged: true, deletedCount: n, n, ok: 1 });

const READS = new Set(['GET', 'HEAD']);

/**
 * Nightscout API v1 for one request, under `/ns/{slug}` (slug given) or at the site's root (slug
 * null, routed here by ns-root.ts). The budget, then the credential, then the body (DESIGN §5):
 * nothing is read for a stranger, and a follower's write is refused before its body is read. An upload
 * whose secret is that of a credential this process let in lately is read first, its budget and
 * credential checked in its transaction (`uploadThroughRememberedDoor`).
 */
export const serveNsV1 = async (c: Context, deps: AppDeps, slug: string | null, rest: string) => {
  const perIp = nsPerIpLimiter(deps.limiter);
  const presented = presentedOf(c);
  const jwt = !presented.apiSecret && presented.token?.split('.').length === 3;
  const secret = jwt ? null : presentedSecret(presented);
  let parsedBody: Promise<NsBody> | undefined;
  const body = () => {
    parsedBody ??= readBody(c);
    return parsedBody;
  };
  // An upload through a credential this process let in lately: its door travels with its transaction.
  if (slug !== null && secret) {
    const res = await uploadThroughRememberedDoor(c, deps, slug, secret, rest, body);
    if (res) return res;
  }
  // An upload secret under a slug: the budget and the slug's credential in one round trip where they can be.
  const door =
    slug !== null && secret && SLUG_PATTERN.test(slug)
      ? await budgetThenLookup<AuthRow>(c, c.get('db'), perIp, bySlugAfterBudget(slug))
      : null;
  if (door && 'refused' in door) return door.refused;
  const refused = door ? null : await consumeOrRefuse(c, perIp);
  if (refused) return refused;
  const auth = await resolveNsAuth(
    c.get('db'),
    deps.config.sessionSecret,
    slug,
    presented,
    door ? { row: door.rows[0] } : undefined,
  );
  if (!auth) return nsError(c, 401, 'Unauthorized', 'Invalid/Missing');
  const row = door?.rows[0];
  if (row && auth.credentialId === row.id) rememberCredential(deps.db, row);
  const method = c.req.method;
  // Nightscout answers a write without the permission as it answers a stranger.
  if (!READS.has(method) && !auth.canWrite) return nsError(c, 401, 'Unauthorized', 'Invalid/Missing');
  const parsed = await body();
  if (!parsed.ok)
    return refusedBody(c, parsed.reason, () => nsError(c, 400, 'Bad Request', 'The body is not valid JSON.'));
  try {
    const res = await route(c, deps, auth, presented.token, rest, parsed.body);
    if (!READS.has(method) && res.status < 300) announceNsData(deps.bus, auth.userId);
    return res;
  } catch (err) {
    if (err instanceof BadFindValue)
      return nsError(c, 400, 'Bad Request', 'A find[…] date could not be read.');
    if (refusedPattern(err)) return nsError(c, 400, 'Bad Request', 'A find[…] pattern is too complex.');
    throw err;
  }
};

/**
 * A v1 entries upload (POST or PUT) whose secret is that of a credential this process let in lately
 * (ns-door-cache.ts): its body is read (the secret matched), and the door's budget and the
 * credential's check go in the same write as its transaction. Null when it does not apply, or when
 * the database refused it there: then the ordinary door answers (429, 401) or lets it in.
 */
const uploadThroughRememberedDoor = async (
  c: Context,
  deps: AppDeps,
  slug: string,
  secret: PresentedSecret,
  rest: string,
  body: () => Promise<NsBody>,
) => {
  const method = c.req.method;
  if (method !== 'POST' && method !== 'PUT') return null;
  const { segments } = splitPath(rest);
  if (segments.length !== 1 || segments[0] !== 'entries') return null;
  const known = rememberedCredential(deps.db, slug, secret);
  const budget = known && budgetStatement(c, nsPerIpLimiter(deps.limiter));
  if (!known || !budget) return null;
  const parsed = await body();
  if (!parsed.ok) return null;
  const door = { budget, check: doorCheck(known.id, secret) };
  try {
    const { docs } = await storeEntries(deps.db, deps.notifier, known.userId, parsed.body, { door });
    announceNsData(deps.bus, known.userId);
    return c.json(docs);
  } catch (err) {
    if (!refusedAtDoor(err)) throw err;
    forgetCredential(deps.db, slug);
    return null;
  }
};

const route = async (
  c: Context,
  deps: AppDeps,
  auth: NsAuth,
  token: string | undefined,
  rest: string,
  body: unknown,
) => {
  const { db, notifier, config } = deps;
  const { segments, format } = splitPath(rest);
  const [resource, sub] = segments;
  const method = c.req.method;
  const url = new URL(c.req.url);
  const find = parseFind(url.searchParams);
  const q = c.req.query();
  const read = READS.has(method);

  if (read && resource === 'status') return c.json(await statusFor(db, config.sessionSecret, auth, token));
  if (read && resource === 'verifyauth')
    return c.json({
      status: 200,
      message: {
        canRead: true,
        canWrite: auth.canWrite,
        isAdmin: false,
        message: 'OK',
        rolefound: 'FOUND',
        permissions: 'ROLE',
      },
    });
  if (resource === 'entries') {
    if (method === 'POST' || method === 'PUT')
      return c.json((await storeEntries(db, notifier, auth.userId, body)).docs);
    // `entries/{id}` is that entry alone, whatever else the query says (Nightscout's `api.param('spec')`);
    // `entries/current` the newest entry of any kind in the default window (its `entries.list({count: 1})`).
    const byId = sub !== undefined && ENTRY_ID.test(sub) ? sub : undefined;
    if (read) {
      const docs = byId
        ? await readEntriesV1(
            db,
            auth.userId,
            undefined,
            new Map([['_id', [{ op: '$eq', value: byId }]]]),
            '1',
          )
        : sub === 'current'
          ? await readEntriesV1(db, auth.userId, undefined, new Map(), '1')
          : await readEntriesV1(db, auth.userId, sub, find, q.count);
      // Nightscout answers an unknown id with an error (`No such id`), ours is a 404.
      if (byId && !docs.length) return nsError(c, 404, 'Not Found', 'No entry has this id.');
      return lastModified(c, docs, 'entries') ?? respondEntries(c, docs, format);
    }
    if (method === 'DELETE') {
      const [idCond] = find.get('_id') ?? [];
      const entryId = byId ?? (idCond?.op === '$eq' ? idCond.value : undefined);
      if (entryId !== undefined) return c.json(deleted(await deleteReadings(db, auth.userId, { entryId })));
      const { fromMs, toMs } = deleteBounds(find);
      // Nightscout deletes whatever matches, even everything; we ask for a range at least.
      if (sub === 'mbg' || (fromMs === undefined && toMs === undefined)) return c.json(deleted(0));
      return c.json(deleted(await deleteReadings(db, auth.userId, { fromMs, toMs })));
    }
  }
  if (resource === 'treatments') {
    if (method === 'POST' || method === 'PUT') {
      await storeTreatments(db, { userId: auth.userId, credentialId: auth.credentialId! }, body);
      const docs = treatmentDocs(body);
      return c.json(method === 'PUT' && !Array.isArray(body) ? docs[0] : docs);
    }
    if (read) {
      const docs = await readCollection(db, auth.userId, 'treatments', find, q.count);
      return lastModified(c, docs, 'treatments') ?? c.json(docs);
    }
    if (method === 'DELETE') {
      const id = sub ?? q['find[_id]'];
      if (!id || id === '*') return c.json(deleted(0));
      return c.json(
        deleted(await deleteTreatment(db, { userId: auth.userId, credentialId: auth.credentialId! }, id)),
      );
    }
  }
  if (resource === 'devicestatus') {
    if (method === 'POST' || method === 'PUT') {
      const { rows } = await storeDeviceStatus(db, auth.userId, body);
      return c.json(rows.map((r) => ({ ...r.doc, _id: r.identifier })));
    }
    if (read) return c.json(await readCollection(db, auth.userId, 'devicestatus', find, q.count));
    if (method === 'DELETE') return c.json(deleted(0));
  }
  if (resource === 'profile' || resource === 'profiles') {
    if (method === 'POST' || method === 'PUT') {
      const { rows } = await storeProfiles(db, auth.userId, body);
      const docs = rows.map((r) => ({ ...r.doc, _id: r.identifier }));
      return c.json(method === 'PUT' && !Array.isArray(body) ? (docs[0] ?? {}) : docs);
    }
    if (read && sub === 'current') {
      const [current] = await readCollection(db, auth.userId, 'profile', new Map(), '1');
      return c.json(current ?? null);
    }
    if (read) return c.json(await readCollection(db, auth.userId, 'profile', find, q.count));
    if (method === 'DELETE') return c.json({});
  }
  if (read && (resource === 'times' || resource === 'slice' || resource === 'count'))
    return servePatterned(c, db, auth.userId, resource, segments.slice(1), find, q.count, format);
  if (resource === 'activity' || resource === 'food') {
    if (method === 'POST' || method === 'PUT') return c.json(echo(body));
    if (read) return c.json([]);
  }
  return nsError(c, 404, 'Not Found', 'Healthfolio does not offer this part of the Nightscout API.');
};

/** A delete's range: `find[date]` (also `dateString`, `sysTime`) bounds, inclusive. */
const deleteBounds = (find: ReturnType<typeof parseFind>) => {
  let fromMs: number | undefined;
  let toMs: number | undefined;
  for (const field of ['date', 'dateString', 'sysTime'])
    for (const cond of find.get(field) ?? []) {
      if ('values' in cond) continue;
      const ms = timeOf(cond.value);
      if (Number.isNaN(ms)) continue;
      if (cond.op === '$gte') fromMs = ms;
      if (cond.op === '$gt') fromMs = ms + 1;
      if (cond.op === '$lte') toMs = ms;
      if (cond.op === '$lt') toMs = ms - 1;
    }
  return { fromMs, toMs };
};

export const nsApiRoutes = (deps: AppDeps) => {
  const perIp = nsPerIpLimiter(deps.limiter);
  const app = createRouter();
  // The handler below is one catch-all (Nightscout's paths take .json suffixes); documented here.
  for (const [method, path, summary] of NS_DOCS)
    app.openAPIRegistry.registerPath({
      method,
      path: `/ns/{slug}/api/v1/${path}`,
      tags: ['Nightscout uploader API'],
      summary: `${summary}. Auth: api-secret (SHA-1 hex of the secret or follower token), ?token= or Bearer; see docs/devices.md`,
      request: { params: z.object({ slug: z.string() }) },
      responses: NS_ANSWERS,
    });
  for (const [path, summary] of [
    [
      'api/v2/properties',
      'Plugin properties (bgnow, delta, direction, iob, cob, upbat, pump, loop, basal); also /properties/iob,cob',
    ],
    [
      'pebble',
      'What watch faces read: the newest readings (count, units=mmol) with delta, battery, IOB and COB',
    ],
  ] as const)
    app.openAPIRegistry.registerPath({
      method: 'get',
      path: `/ns/{slug}/${path}`,
      tags: ['Nightscout uploader API'],
      summary: `${summary}. Also at the site's root with a follower token; see docs/devices.md`,
      request: { params: z.object({ slug: z.string() }) },
      responses: NS_ANSWERS,
    });
  app.all('/ns/:slug/api/v1/:rest{.+}', (c) => serveNsV1(c, deps, c.req.param('slug'), c.req.param('rest')));
  app.all('/ns/:slug/api/v2/properties', (c) =>
    serveNsPlugins(c, deps, c.req.param('slug'), { properties: '' }),
  );
  app.all('/ns/:slug/api/v2/properties/:names', (c) =>
    serveNsPlugins(c, deps, c.req.param('slug'), { properties: c.req.param('names') }),
  );
  app.all('/ns/:slug/pebble', (c) => serveNsPlugins(c, deps, c.req.param('slug'), { pebble: true }));
  app.route('/', nsV3Routes(deps, perIp));
  return app;
};
