import type { GlucoseReadingsQuery } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { liveSourceSql } from './live-source';

export type GlucoseRow = {
  id: string;
  value_mgdl: number;
  recorded_at: Date;
  source: string;
  meal_context: string | null;
};

export const selectReadings = async (tx: Tx, userId: string, q: GlucoseReadingsQuery) => {
  const where = [sql`user_id = ${userId}`];
  if (q.from) where.push(sql`recorded_at >= ${q.from}`);
  if (q.to) where.push(sql`recorded_at < ${q.to}`);
  const order = q.order === 'asc' ? sql`recorded_at asc` : sql`recorded_at desc`;
  const result = await tx.execute<GlucoseRow>(sql`
    select id, value_mgdl, recorded_at, source, meal_context from glucose_readings
    where ${sql.join(where, sql` and `)} order by ${order} limit ${q.limit}`);
  return result.rows;
};

/** Columns come back as one comma-joined string each: splitting a string beats either driver's array parser. */
const toNumbers = (value: unknown): number[] =>
  typeof value === 'string' && value.length > 0 ? value.split(',').map(Number) : [];
const toStrings = (value: unknown): (string | null)[] =>
  typeof value === 'string' && value.length > 0 ? value.split(',').map((s) => (s === '' ? null : s)) : [];

export interface WindowColumns {
  at: number[];
  mgdl: number[];
  mealContext: (string | null)[];
  cgm: boolean[];
}

/**
 * A window of readings as columns (epoch ms, mg/dL, meal context, whether from a sensor) in one row:
 * a year of 5-minute data is 105,120 readings, and row objects would dominate the time.
 */
export const selectWindowColumns = async (
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
): Promise<WindowColumns> => {
  const result = await tx.execute<{ t: unknown; v: unknown; m: unknown; c: unknown }>(sql`
    select
      string_agg((extract(epoch from recorded_at) * 1000)::bigint::text, ',' order by recorded_at) as t,
      string_agg(value_mgdl::text, ',' order by recorded_at) as v,
      string_agg(coalesce(meal_context, ''), ',' order by recorded_at) as m,
      string_agg(case when source in ('manual', 'meter') then '0' else '1' end, ',' order by recorded_at) as c
    from glucose_readings
    where user_id = ${userId} and recorded_at >= ${from.toISOString()} and recorded_at < ${to.toISOString()}`);
  const row = result.rows[0];
  return {
    at: toNumbers(row?.t),
    mgdl: toNumbers(row?.v),
    mealContext: toStrings(row?.m),
    cgm: toNumbers(row?.c).map((x) => x === 1),
  };
};

export const selectSeries = async (
  tx: Tx,
  userId: string,
  from: string,
  to: string,
  bucketSeconds: number,
) => {
  const result = await tx.execute<{ at: Date; mean: number; min: number; max: number; count: number }>(sql`
    select to_timestamp(floor(extract(epoch from recorded_at) / ${bucketSeconds}) * ${bucketSeconds}) as at,
      avg(value_mgdl)::float8 as mean, min(value_mgdl) as min, max(value_mgdl) as max, count(*)::int as count
    from glucose_readings
    where user_id = ${userId} and recorded_at >= ${from} and recorded_at < ${to}
    group by 1 order by 1`);
  return result.rows;
};

export const countInWindow = async (tx: Tx, userId: string, from: string, to: string) => {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from glucose_readings where user_id = ${userId} and recorded_at >= ${from} and recorded_at < ${to}`,
  );
  return result.rows[0]?.n ?? 0;
};

/**
 * One statement per batch whatever its size: the readings travel as two array parameters and are
 * unnested in the database, instead of 4 bind parameters a row. ON CONFLICT keeps re-imports
 * idempotent; the count of rows really inserted comes back from the same statement.
 */
export const insertReadings = async (tx: Tx, userId: string, source: string, readings: NewReading[]) => {
  const result = await tx.execute<{ inserted: number }>(sql`
    with written as (${insertOf(userId, source, readings)} returning ${FRESH})
    select count(*)::int as inserted from written where fresh`);
  return result.rows[0]?.inserted ?? 0;
};

/**
 * `nsFields`: what a Nightscout uploader sent beyond the reading (ns-payload `entryFields`), answered
 * back only. A replay that sends them again replaces the kept ones (the latest upload's win, as
 * Nightscout's upsert sets them); a replay that sends none leaves them.
 */
export type NewReading = {
  at: string;
  mgdl: number;
  trend?: string | null;
  nsFields?: Record<string, unknown> | null;
};

/**
 * For an insert's RETURNING: whether the row is new (`fresh`), not one already stored whose kept
 * fields the statement replaced (an updated row's xmax is the updating transaction).
 */
const FRESH = sql`(xmax = 0) as fresh`;

/**
 * One row a time: a time twice in one batch (an upload that repeats itself) is written once, with
 * the first one's value and the last fields sent (an ON CONFLICT DO UPDATE may not touch a row twice).
 */
const oncePerTime = (readings: NewReading[]) => {
  if (!readings.some((r) => r.nsFields)) return readings;
  const byTime = new Map<string, NewReading>();
  for (const r of readings) {
    const at = new Date(r.at).toISOString();
    const seen = byTime.get(at);
    byTime.set(at, seen ? { ...seen, nsFields: r.nsFields ?? seen.nsFields } : r);
  }
  return byTime.size === readings.length ? readings : [...byTime.values()];
};

const insertOf = (userId: string, source: string, all: NewReading[]) => {
  const readings = oncePerTime(all);
  // Normalised by Date as before (millisecond precision, any offset written as UTC).
  const at = `{${readings.map((r) => new Date(r.at).toISOString()).join(',')}}`;
  const mgdl = `{${readings.map((r) => r.mgdl).join(',')}}`;
  // Trend arrows are Nightscout's fixed words (letters and spaces), quoted as array elements.
  const trend = `{${readings.map((r) => (r.trend && /^[A-Za-z ]+$/.test(r.trend) ? `"${r.trend}"` : 'NULL')).join(',')}}`;
  // The uploader's own fields travel as one JSON array, in the readings' order; the same statement
  // as before when no reading has any. A reading already stored takes the fields sent again (in the
  // same statement: no round trip more), written only when they differ.
  if (readings.some((r) => r.nsFields))
    return sql`insert into glucose_readings (user_id, source, recorded_at, value_mgdl, trend, ns_fields)
      select ${userId}, ${source}, r.at, r.mgdl, r.trend, nullif(r.fields, 'null'::jsonb)
      from unnest(${at}::timestamptz[], ${mgdl}::float8[], ${trend}::text[],
        array(select f from jsonb_array_elements(${JSON.stringify(readings.map((r) => r.nsFields ?? null))}::jsonb)
          with ordinality as e(f, i) order by i)) as r(at, mgdl, trend, fields)
      on conflict (user_id, recorded_at, source, deduplicated) do update
        set ns_fields = excluded.ns_fields, updated_at = now()
        where excluded.ns_fields is not null and glucose_readings.ns_fields is distinct from excluded.ns_fields`;
  return sql`insert into glucose_readings (user_id, source, recorded_at, value_mgdl, trend)
      select ${userId}, ${source}, r.at, r.mgdl, r.trend
      from unnest(${at}::timestamptz[], ${mgdl}::float8[], ${trend}::text[]) as r(at, mgdl, trend)
      on conflict (user_id, recorded_at, source, deduplicated) do nothing`;
};

/**
 * `insertReadings`, also answering what the low-glucose hook and the alarm judge read first, in the
 * same statement: the user's newest reading between `recent.from` and `recent.to`, whether a follow-up
 * is active and, when `judged` is given, the readings in the alarm judge's window, the alarm settings
 * and how many alarms are open. The statement's own rows come from its RETURNING: it cannot see them in the table.
 */
export const insertReadingsSeeingLatest = async (
  tx: Tx,
  userId: string,
  source: string,
  readings: NewReading[],
  recent: { from: Date; to: Date },
  judged?: { from: Date; to: Date },
) => {
  const within = (w: { from: Date; to: Date }) =>
    sql`recorded_at >= ${w.from.toISOString()}::timestamptz and recorded_at <= ${w.to.toISOString()}::timestamptz`;
  const result = await tx.execute<{
    inserted: number;
    value_mgdl: number | null;
    recorded_at: Date | string | null;
    active: boolean;
    judged: string | null;
    newest_source: string | null;
    settings: Record<string, unknown> | null;
    open_alarms: number;
  }>(sql`
    with written as (${insertOf(userId, source, readings)} returning recorded_at, value_mgdl, source, ${FRESH}),
    inserted as (select recorded_at, value_mgdl, source from written where fresh),
    newest as (
      select value_mgdl, recorded_at from inserted where ${within(recent)}
      union all
      (select value_mgdl, recorded_at from glucose_readings
        where user_id = ${userId} and ${within(recent)}
        order by recorded_at desc limit 1)
      order by recorded_at desc limit 1),
    judged as (
      ${
        judged
          ? sql`select recorded_at, value_mgdl, source from inserted where ${within(judged)}
      union all
      (select recorded_at, value_mgdl, source from glucose_readings
        where user_id = ${userId} and ${within(judged)} order by recorded_at limit 500)`
          : sql`select recorded_at, value_mgdl, source from inserted where false`
      })
    select (select count(*)::int from inserted) as inserted, n.value_mgdl, n.recorded_at,
      exists (select 1 from hypo_follow_ups where user_id = ${userId} and status = 'active') as active,
      (select string_agg((extract(epoch from recorded_at) * 1000)::bigint::text || ':' || value_mgdl::text, ','
        order by recorded_at) from judged) as judged,
      (select source from judged order by recorded_at desc limit 1) as newest_source,
      ${judged ? sql`(select settings from glucose_alarm_settings where user_id = ${userId})` : sql`null::jsonb`} as settings,
      ${judged ? sql`(select count(*)::int from glucose_alarms where user_id = ${userId} and ended_at is null)` : sql`0`} as open_alarms
    from (select 1) as one left join newest n on true`);
  const row = result.rows[0]!;
  const points = row.judged ? row.judged.split(',') : [];
  return {
    inserted: row.inserted,
    latest:
      row.recorded_at === null ? null : { valueMgdl: Number(row.value_mgdl), at: new Date(row.recorded_at) },
    active: row.active,
    judged: {
      readings: points.slice(0, 500).map((p) => {
        const [at, mgdl] = p.split(':');
        return { at: new Date(Number(at)), mgdl: Number(mgdl) };
      }),
      newestSource: row.newest_source,
      settings: row.settings,
      openAlarms: row.open_alarms,
    },
  };
};

/**
 * Readings from a connected source (a device, a Nightscout site or uploader: `device:…`) in the last
 * day, never from a file import; the newest sensor reading of any kind; the user's total and today's
 * count from `todayFrom` (the user's midnight), nothing dated in the future.
 */
export const selectSensorStatus = async (tx: Tx, userId: string, todayFrom: string) => {
  // The last sensor reading is an index probe from the newest end (a filtered max() would read
  // every reading the user has); the total is an index-only count.
  const result = await tx.execute<{
    last_cgm_at: Date | null;
    connected: boolean;
    total: number;
    today: number;
  }>(sql`
    select (select recorded_at from glucose_readings
        where user_id = ${userId} and source not in ('manual', 'meter')
        order by recorded_at desc limit 1) as last_cgm_at,
      exists (select 1 from glucose_readings
        where user_id = ${userId} and recorded_at >= now() - interval '1 day'
          and ${liveSourceSql()}) as connected,
      (select count(*)::int from glucose_readings where user_id = ${userId}) as total,
      (select count(*)::int from glucose_readings where user_id = ${userId}
        and recorded_at >= ${todayFrom}::timestamptz and recorded_at <= now() + interval '5 minutes') as today`);
  return result.rows[0] ?? { last_cgm_at: null, connected: false, total: 0, today: 0 };
};

export const selectMealsInWindow = async (tx: Tx, userId: string, from: Date, to: Date) => {
  const result = await tx.execute<{ occurred_at: Date; meal_type: string | null }>(sql`
    select occurred_at, coalesce(data->>'mealType', data->>'meal_type') as meal_type from tracker_entries
    where user_id = ${userId} and tracker = 'meal' and occurred_at >= ${from.toISOString()} and occurred_at < ${to.toISOString()}`);
  return result.rows;
};
