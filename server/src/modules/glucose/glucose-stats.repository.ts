import { type SQL, sql } from 'drizzle-orm';
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

type Edge = { ms: number; logged: boolean } | null;

/**
 * The first (or last) reading of the window matching `where`, and whether it was logged: an ordered
 * index probe that stops at the first row. Written as `order by … limit 1`: under row-level security
 * PostgreSQL does not turn `min()`/`max()` into a probe and would aggregate every reading of the window.
 */
const edge = (where: SQL, order: 'asc' | 'desc') =>
  sql`(select (extract(epoch from recorded_at) * 1000)::float8 || ':' || (${LOGGED})::text
    from glucose_readings where ${where} order by recorded_at ${sql.raw(order)} limit 1)`;

const parseEdge = (v: unknown): Edge => {
  if (typeof v !== 'string') return null;
  const [ms, logged] = v.split(':');
  return { ms: Number(ms), logged: logged === 'true' };
};

/**
 * First and last reading, first and last sensor reading, and the number of logged readings (from
 * their partial index; the sensor count is the rest: counting it in the histogram would test every
 * reading's source). The sensor edges are the window's edges unless an edge reading was logged by
 * hand, which costs a second probe only then: each probe is planned with the table's row-level
 * policies, which on the embedded database costs more than running it.
 */
export const selectWindowEdges = async (
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
): Promise<WindowEdges> => {
  const inWindow = sql`user_id = ${userId} and recorded_at >= ${from.toISOString()} and recorded_at < ${to.toISOString()}`;
  const sensor = sql`${inWindow} and ${SENSOR}`;
  const [row] = (
    await tx.execute<{ first: unknown; last: unknown; logged: unknown }>(sql`select
      ${edge(inWindow, 'asc')} as "first", ${edge(inWindow, 'desc')} as "last",
      (select count(*)::int from glucose_readings where ${inWindow} and ${LOGGED}) as "logged"`)
  ).rows;
  const first = parseEdge(row?.first);
  const last = parseEdge(row?.last);
  const logged = Number(row?.logged ?? 0);
  let firstCgmMs = first && !first.logged ? first.ms : null;
  let lastCgmMs = last && !last.logged ? last.ms : null;
  if (first && (first.logged || last?.logged) && logged > 0) {
    const [cgm] = (
      await tx.execute<{ first: unknown; last: unknown }>(
        sql`select ${edge(sensor, 'asc')} as "first", ${edge(sensor, 'desc')} as "last"`,
      )
    ).rows;
    firstCgmMs = parseEdge(cgm?.first)?.ms ?? null;
    lastCgmMs = parseEdge(cgm?.last)?.ms ?? null;
  }
  return { firstMs: first?.ms ?? null, lastMs: last?.ms ?? null, firstCgmMs, lastCgmMs, logged };
};
