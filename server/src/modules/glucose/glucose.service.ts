import {
  analyzePatterns,
  detailedAnalytics,
  type GlucoseBatchRequest,
  type GlucoseReadingsQuery,
  type GlucoseSeriesQuery,
  type GlucoseUnit,
  gmiSufficiency,
  PATTERN_WINDOW_DAYS,
  whoseFor,
} from '@healthfolio/core';
import { localDate, localDayStart } from '@healthfolio/core/units/local-time';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { BULK_ROWS } from '../../db/maintenance';
import { alarmsAfterGlucoseWrite } from '../alarms/alarm-judge';
import { recordAudit } from '../audit/audit.service';
import { type Announcer, announceNotices } from '../hypo/announce';
import { followUpAfterGlucoseWrite } from '../hypo/glucose-written';
import { findProfile } from '../profiles/profiles.repository';
import {
  countInWindow,
  type GlucoseRow,
  insertReadings,
  selectMealsInWindow,
  selectReadings,
  selectSensorStatus,
  selectSeries,
  selectWindowColumns,
  type WindowColumns,
} from './glucose.repository';
import { analyzeHistogram } from './glucose-histogram';
import { selectHourValueHistogram, selectWindowEdges } from './glucose-stats.repository';
import { offsetSegments } from './offset-segments';

const DAY_MS = 86_400_000;
const iso = (d: Date | number | string) => new Date(d).toISOString();

const presentReading = (r: GlucoseRow) => ({
  id: r.id,
  valueMgdl: r.value_mgdl,
  recordedAt: iso(r.recorded_at),
  source: r.source,
  mealContext: r.meal_context,
});

const preferences = async (tx: Tx, userId: string) => {
  const p = await findProfile(tx, userId);
  return {
    timeZone: p?.timezone ?? 'UTC',
    unit: (p?.glucoseUnit ?? 'mg/dL') as GlucoseUnit,
    displayName: p?.displayName ?? null,
  };
};

const windowOf = (days: number) => {
  const to = new Date();
  return { from: new Date(to.getTime() - days * DAY_MS), to };
};

const readingsOf = (w: WindowColumns) => w.at.map((at, i) => ({ at, mgdl: w.mgdl[i]! }));

export const listReadings = (db: Database, userId: string, q: GlucoseReadingsQuery) =>
  db.readAsUser(userId, async (tx) => ({ items: (await selectReadings(tx, userId, q)).map(presentReading) }));

/**
 * Raw readings when they fit in maxPoints, otherwise averages over equal time buckets; inside any
 * scope (the owner's, or a caregiver's share).
 */
export const seriesIn = async (tx: Tx, userId: string, q: GlucoseSeriesQuery) => {
  const to = q.to ?? iso(Date.now());
  const n = await countInWindow(tx, userId, q.from, to);
  if (n <= q.maxPoints) {
    const rows = await selectReadings(tx, userId, { from: q.from, to, order: 'asc', limit: q.maxPoints });
    return {
      bucketMinutes: 0,
      points: rows.map((r) => ({
        at: iso(r.recorded_at),
        mean: r.value_mgdl,
        min: r.value_mgdl,
        max: r.value_mgdl,
        count: 1,
      })),
    };
  }
  const spanSeconds = (Date.parse(to) - Date.parse(q.from)) / 1000;
  const bucketMinutes = Math.max(5, Math.ceil(spanSeconds / q.maxPoints / 60 / 5) * 5);
  const rows = await selectSeries(tx, userId, q.from, to, bucketMinutes * 60);
  return { bucketMinutes, points: rows.map((r) => ({ ...r, at: iso(r.at) })) };
};

export const readingSeries = (db: Database, userId: string, q: GlucoseSeriesQuery) =>
  db.readAsUser(userId, (tx) => seriesIn(tx, userId, q));

export const addReadings = async (
  db: Database,
  userId: string,
  req: GlucoseBatchRequest,
  notifier: Announcer,
) => {
  const { result, notices } = await db.asUser(userId, async (tx) => {
    const inserted = await insertReadings(tx, userId, req.source, req.readings);
    const notices =
      inserted > 0
        ? await alarmsAfterGlucoseWrite(tx, userId, await followUpAfterGlucoseWrite(tx, userId))
        : [];
    // One row per import, with counts: never the readings. Last, just before the commit: the audit
    // chain's head is locked from here to the commit, so concurrent imports wait as little as possible.
    await recordAudit(tx, userId, 'import', 'glucose_reading', null, {
      source: req.source,
      received: req.readings.length,
      stored: inserted,
      duplicates: req.readings.length - inserted,
    });
    return {
      result: { received: req.readings.length, inserted, duplicates: req.readings.length - inserted },
      notices,
    };
  });
  await announceNotices(notifier, userId, notices);
  if (result.inserted >= BULK_ROWS) db.settle('glucose_readings', result.inserted);
  return result;
};

export const sensorStatus = (db: Database, userId: string) =>
  db.readAsUser(userId, async (tx) => {
    const { timeZone } = await preferences(tx, userId);
    const s = await selectSensorStatus(tx, userId, localDayStart(localDate(Date.now(), timeZone), timeZone));
    return {
      cgmConnected: s.connected,
      lastCgmAt: s.last_cgm_at ? iso(s.last_cgm_at) : null,
      totalReadings: s.total,
      readingsToday: s.today,
    };
  });

/**
 * Consensus metrics, GMI (only with enough sensor data) and the AGP over the last `days` days, from
 * the window's (local hour, value) histogram aggregated in the database: the same numbers as core's
 * analyzeGlucose over the readings (mean and SD up to the last bit of rounding), without moving them.
 */
export const glucoseStats = (db: Database, userId: string, days: number) =>
  db.asUser(userId, async (tx) => {
    // The planner's statistics of recorded_at lag behind imports (readings arrive newest last, older
    // years come later): it then expects a handful of rows and sorts a year of them, spilling to disk,
    // or expects every row and scans the whole table. One user's window is always an index range
    // grouped by hashing; this transaction alone says so.
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    const { timeZone } = await preferences(tx, userId);
    const { from, to } = windowOf(days);
    const segments = offsetSegments(from.getTime(), to.getTime(), timeZone);
    const cells = await selectHourValueHistogram(tx, userId, from, to, segments);
    const edges = await selectWindowEdges(tx, userId, from, to);
    const analysis = analyzeHistogram(cells);
    // GMI needs sensor coverage: fingersticks in the window must not count towards the wear time.
    const sensorReadings = (analysis.statistics?.count ?? 0) - edges.logged;
    const sufficiency = gmiSufficiency(
      to.getTime() - from.getTime(),
      edges.firstCgmMs ?? Number.NaN,
      edges.lastCgmMs ?? Number.NaN,
      sensorReadings,
    );
    return {
      from: iso(from),
      to: iso(to),
      days,
      statistics: analysis.statistics,
      firstAt: edges.firstMs === null ? null : iso(edges.firstMs),
      lastAt: edges.lastMs === null ? null : iso(edges.lastMs),
      gmiSufficiency: sufficiency,
      gmi: sufficiency.sufficient && analysis.statistics ? analysis.statistics.gmi : null,
      agp: analysis.agp,
      hourly: analysis.hourly,
    };
  });

/**
 * The glucose patterns of the last 30 days, their descriptions speaking of whose record it is: "Your
 * glucose …", or "Mia’s glucose …" while a guardian acts for `ward` (person-scope actingWard).
 */
export const glucosePatterns = (db: Database, userId: string, ward: { name: string } | null = null) =>
  db.readAsUser(userId, async (tx) => {
    const { timeZone, unit, displayName } = await preferences(tx, userId);
    const { from, to } = windowOf(PATTERN_WINDOW_DAYS);
    const c = await selectWindowColumns(tx, userId, from, to);
    // The log dialog says "after_meal"; the pattern rules speak of post-meal readings.
    const readings = c.at.map((at, i) => ({
      at,
      mgdl: c.mgdl[i]!,
      mealContext: c.mealContext[i] === 'after_meal' ? 'post_meal' : c.mealContext[i],
    }));
    return {
      days: PATTERN_WINDOW_DAYS,
      readings: readings.length,
      ...analyzePatterns(readings, { timeZone, unit, whose: whoseFor(ward, displayName) }),
    };
  });

export const glucoseAnalytics = (db: Database, userId: string, days: number) =>
  db.readAsUser(userId, async (tx) => {
    const { timeZone } = await preferences(tx, userId);
    const { from, to } = windowOf(days);
    const columns = await selectWindowColumns(tx, userId, from, to);
    const meals = (await selectMealsInWindow(tx, userId, from, to)).map((m) => ({
      at: m.occurred_at,
      mealType: m.meal_type ?? 'other',
    }));
    return { days, ...detailedAnalytics(readingsOf(columns), meals, timeZone) };
  });
