import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { OffsetSegments } from './offset-segments';

/** One cell of the window's histogram: readings of one value in one local hour. */
export interface HourValueCount {
  hour: number;
  mgdl: number;
  count: number;
}

export interface WindowEdges {
  firstMs: number | null;
  lastMs: number | null;
  firstCgmMs: number | null;
  lastCgmMs: number | null;
  /** Readings logged by hand or from a meter (the rest came from a sensor). */
  logged: number;
}

const SENSOR = sql`source not in ('manual', 'meter')`;
// Written exactly as the predicate of the partial index glucose_readings_user_logged_idx.
const LOGGED = sql`source in ('manual', 'meter')`;
const DAY_S = 86_400;
// Keeps the dividend of % positive for instants before 1970 (% truncates towards zero).
const POSITIVE_SHIFT = DAY_S * 100_000;

const localOffsetSeconds = (segments: OffsetSegments) => {
  const seconds = segments.offsetsMs.map((ms) => ms / 1000);
  if (segments.bounds.length === 0) return sql`${seconds[0]}::bigint`;
  const bounds = `{${segments.bounds.map((ms) => new Date(ms).toISOString()).join(',')}}`;
  return sql`(${`{${seconds.join(',')}}`}::bigint[])[width_bucket(recorded_at, ${bounds}::timestamptz[]) + 1]`;
};

/**
 * The window as a histogram over (local hour, value): a year of 5-minute data (105,120 rows) folds
 * into a few thousand cells in one hash aggregate, and every percentile, band and mean follows from
 * it exactly. The hour is that of the wall clock, floor(local seconds of the day / 3600); offsets are
 * whole seconds, so flooring the epoch to the second first changes nothing.
 */
export const selectHourValueHistogram = async (
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
  segments: OffsetSegments,
): Promise<HourValueCount[]> => {
  const result = await tx.execute<{ cells: string | null }>(sql`
    select string_agg(h || ':' || v::text || ':' || n, ',') as cells from (
      select ((floor(date_part('epoch', recorded_at))::bigint + ${localOffsetSeconds(segments)} + ${POSITIVE_SHIFT}::bigint)
          % ${DAY_S} / 3600)::int as h,
        value_mgdl as v, count(*) as n
      from glucose_readings
      where user_id = ${userId} and recorded_at >= ${from.toISOString()} and recorded_at < ${to.toISOString()}
      group by 1, 2) cells`);
  const cells = result.rows[0]?.cells;
  if (!cells) return [];
  return cells.split(',').map((cell) => {
    const [hour, mgdl, count] = cell.split(':');
    return { hour: Number(hour), mgdl: Number(mgdl), count: Number(count) };
  });
};

/**
 * First and last reading and first and last sensor reading, each an ordered index probe, and the
 * number of logged readings from their partial index (the sensor count is the rest: counting it in
 * the histogram would test every reading's source).
 */
export const selectWindowEdges = async (
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
): Promise<WindowEdges> => {
  const inWindow = sql`user_id = ${userId} and recorded_at >= ${from.toISOString()} and recorded_at < ${to.toISOString()}`;
  const ms = (expr: ReturnType<typeof sql>) => sql`(extract(epoch from (${expr})) * 1000)::float8`;
  const result = await tx.execute<Record<keyof WindowEdges, unknown>>(sql`select
    ${ms(sql`select min(recorded_at) from glucose_readings where ${inWindow}`)} as "firstMs",
    ${ms(sql`select max(recorded_at) from glucose_readings where ${inWindow}`)} as "lastMs",
    ${ms(sql`select min(recorded_at) from glucose_readings where ${inWindow} and ${SENSOR}`)} as "firstCgmMs",
    ${ms(sql`select max(recorded_at) from glucose_readings where ${inWindow} and ${SENSOR}`)} as "lastCgmMs",
    (select count(*)::int from glucose_readings where ${inWindow} and ${LOGGED}) as "logged"`);
  const row = result.rows[0];
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    firstMs: num(row?.firstMs),
    lastMs: num(row?.lastMs),
    firstCgmMs: num(row?.firstCgmMs),
    lastCgmMs: num(row?.lastCgmMs),
    logged: Number(row?.logged ?? 0),
  };
};
