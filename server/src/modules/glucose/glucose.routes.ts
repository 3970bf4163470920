import {
  AnalyticsResponse,
  GlucoseBatchRequest,
  GlucoseBatchResponse,
  GlucoseReadingsQuery,
  GlucoseReadingsResponse,
  GlucoseSeriesQuery,
  GlucoseSeriesResponse,
  GlucoseStatsResponse,
  GlucoseStatusResponse,
  GlucoseWindowQuery,
  PatternResponse,
} from '@healthfolio/core';
import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import { actingWard } from '../../auth/person-scope';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError, problemResponse } from '../../http/problem';
import {
  addReadings,
  glucoseAnalytics,
  glucosePatterns,
  glucoseStats,
  listReadings,
  readingSeries,
  sensorStatus,
} from './glucose.service';

const base = { tags: ['Glucose'], security: SESSION_SECURITY };
const ok = { ...problems(400, 401, 503) };
const windowed = { ...problems(400, 401, 429, 503) };
const readings = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/glucose/readings',
  summary: 'Raw readings, newest first (at most 1,000)',
  request: { query: GlucoseReadingsQuery },
  responses: { 200: json(GlucoseReadingsResponse, 'Readings'), ...ok },
});
const series = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/glucose/series',
  summary: 'Readings for a chart, averaged into buckets when the window is long',
  request: { query: GlucoseSeriesQuery },
  responses: { 200: json(GlucoseSeriesResponse, 'Chart points'), ...ok },
});
const status = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/glucose/status',
  summary: 'Whether a connected sensor sent readings in the last day; readings in total and since midnight',
  responses: { 200: json(GlucoseStatusResponse, 'Sensor status'), ...ok },
});
const stats = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/glucose/stats',
  summary: 'Time in ranges, variability, GMI and AGP over the last N days',
  request: { query: GlucoseWindowQuery },
  responses: { 200: json(GlucoseStatsResponse, 'Glucose statistics'), ...windowed },
});
const patterns = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/glucose/patterns',
  summary: 'Dawn phenomenon, post-meal spikes and night lows over 30 days',
  responses: { 200: json(PatternResponse, 'Detected patterns'), ...ok },
});
const analytics = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/glucose/analytics',
  summary: 'Spikes, day periods, recovery and meal impact',
  request: { query: GlucoseWindowQuery },
  responses: { 200: json(AnalyticsResponse, 'Detailed analytics'), ...windowed },
});
const batch = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/glucose/readings/batch',
  summary:
    'Add imported readings (idempotent: a reading already stored at the same time and source is skipped)',
  request: { body: jsonBody(GlucoseBatchRequest) },
  responses: { 200: json(GlucoseBatchResponse, 'How many were new'), ...problems(400, 401, 503) },
});

export const glucoseRoutes = ({ requireUser, quotas, notifier }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/glucose/*', requireUser);
  // Windows over 90 days (up to a year of CGM data) count against a per-user budget.
  app.use('/api/v1/glucose/stats', quotas.longRange);
  app.use('/api/v1/glucose/analytics', quotas.longRange);
  // A batch of 5,000 readings is about 400 KB of JSON; allow some headroom over the default.
  app.use(
    '/api/v1/glucose/readings/batch',
    bodyLimit({
      maxSize: 4 * 1024 * 1024,
      onError: (c) =>
        problemResponse(
          c,
          new ProblemError(413, 'payload_too_large', 'Send at most 5,000 readings per request.'),
        ),
    }),
  );
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(readings, async (c) =>
    c.json(await listReadings(c.get('db'), uid(c), c.req.valid('query')), 200),
  );
  app.openapi(series, async (c) =>
    c.json(await readingSeries(c.get('db'), uid(c), c.req.valid('query')), 200),
  );
  app.openapi(status, async (c) => c.json(await sensorStatus(c.get('db'), uid(c)), 200));
  app.openapi(stats, async (c) =>
    c.json(await glucoseStats(c.get('db'), uid(c), c.req.valid('query').days), 200),
  );
  app.openapi(patterns, async (c) => c.json(await glucosePatterns(c.get('db'), uid(c), actingWard(c)), 200));
  app.openapi(analytics, async (c) =>
    c.json(await glucoseAnalytics(c.get('db'), uid(c), c.req.valid('query').days), 200),
  );
  app.openapi(batch, async (c) =>
    c.json(await addReadings(c.get('db'), uid(c), c.req.valid('json'), notifier), 200),
  );
  return app;
};
