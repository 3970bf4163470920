import {
  EntryCreateRequest,
  EntryListQuery,
  EntryListResponse,
  EntryResponse,
  EntryUpdateRequest,
  StreakSummaryResponse,
  TrackerKey,
  TrackerStatsResponse,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { actingWard } from '../../auth/person-scope';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { getStreakSummary } from './achievements.service';
import { createEntry, deleteEntry, getEntry, listEntries, updateEntry } from './entries.service';
import { getTrackerStats } from './stats.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Tracking'], security: SESSION_SECURITY };

const create = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/entries',
  summary: 'Log an entry of any tracker (blood glucose lands in the glucose store, in mg/dL)',
  request: { body: jsonBody(EntryCreateRequest) },
  responses: {
    200: json(EntryResponse, 'The entry this `clientId` already created (a replay writes nothing)'),
    201: json(EntryResponse, 'The new entry'),
    ...problems(400, 401, 409, 422, 503),
  },
});
const list = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/entries',
  summary: 'Your entries, newest first (or ascending for trends), keyset-paginated',
  request: { query: EntryListQuery },
  responses: { 200: json(EntryListResponse, 'A page of entries'), ...problems(400, 401, 503) },
});
const summary = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/entries/summary',
  summary: 'Streaks and achievements, computed in your time zone',
  responses: { 200: json(StreakSummaryResponse, 'Your streak summary'), ...problems(401, 503) },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/entries/{id}',
  summary: 'One of your entries',
  request: { params: IdParam },
  responses: { 200: json(EntryResponse, 'The entry'), ...problems(401, 404, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: '/api/v1/entries/{id}',
  summary: 'Fix an entry: time, notes or data (validated for its tracker)',
  request: { params: IdParam, body: jsonBody(EntryUpdateRequest) },
  responses: { 200: json(EntryResponse, 'The updated entry'), ...problems(400, 401, 404, 409, 422, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/entries/{id}',
  summary: 'Delete one of your entries',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(401, 404, 503) },
});
const stats = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/trackers/{tracker}/stats',
  summary: 'Counts (week, month, last month), the latest entry and, for glucose, the 7-day average',
  request: { params: z.object({ tracker: TrackerKey }) },
  responses: { 200: json(TrackerStatsResponse, 'Tracker figures'), ...problems(400, 401, 503) },
});

export const entriesRoutes = ({ storage, requireUser, notifier }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/entries', requireUser);
  app.use('/api/v1/entries/*', requireUser);
  app.use('/api/v1/trackers/*', requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(create, async (c) => {
    const r = await createEntry(c.get('db'), uid(c), c.req.valid('json') as EntryCreateRequest, notifier);
    return r.created ? c.json(r.entry, 201) : c.json(r.entry, 200);
  });
  app.openapi(list, async (c) => c.json(await listEntries(c.get('db'), uid(c), c.req.valid('query')), 200));
  app.openapi(summary, async (c) => c.json(await getStreakSummary(c.get('db'), uid(c), actingWard(c)), 200));
  app.openapi(read, async (c) => c.json(await getEntry(c.get('db'), uid(c), c.req.valid('param').id), 200));
  app.openapi(update, async (c) =>
    c.json(
      await updateEntry(c.get('db'), uid(c), c.req.valid('param').id, c.req.valid('json'), notifier),
      200,
    ),
  );
  app.openapi(remove, async (c) => {
    await deleteEntry({ db: c.get('db'), storage }, uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(stats, async (c) =>
    c.json(await getTrackerStats(c.get('db'), uid(c), c.req.valid('param').tracker), 200),
  );
  return app;
};
