import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

/** At most this many readings are drawn; the figures always count every reading of the window. */
const CHART_MAX = 2000;

/** Readings the user logged or took with a meter (no sensor), for a packet without CGM data. */
export interface MeterReadings {
  count: number;
  meanMgdl: number;
  lowestMgdl: number;
  /** Readings below 70 mg/dL (3.9 mmol/L), and below 54 mg/dL (3.0 mmol/L): "Low" and "Urgent low". */
  below70: number;
  below54: number;
  points: { at: Date; mgdl: number }[];
}

/** The window's meter readings and their figures, in the owner's scope; null without any. */
export const selectMeterReadings = async (
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
): Promise<MeterReadings | null> => {
  const window = sql`user_id = ${userId} and source in ('manual', 'meter')
    and recorded_at >= ${from.toISOString()} and recorded_at < ${to.toISOString()}`;
  const figures = await tx.execute<{
    count: number;
    mean: number | null;
    lowest: number | null;
    below70: number;
    below54: number;
  }>(sql`
    select count(*)::int as count, avg(value_mgdl)::float8 as mean, min(value_mgdl)::float8 as lowest,
      (count(*) filter (where value_mgdl < 70))::int as below70,
      (count(*) filter (where value_mgdl < 54))::int as below54
    from glucose_readings where ${window}`);
  const f = figures.rows[0];
  if (!f || f.count === 0 || f.mean === null || f.lowest === null) return null;
  const points = await tx.execute<{ recorded_at: Date; value_mgdl: number }>(sql`
    select recorded_at, value_mgdl from (
      select recorded_at, value_mgdl from glucose_readings where ${window}
      order by recorded_at desc limit ${CHART_MAX}) newest
    order by recorded_at`);
  return {
    count: f.count,
    meanMgdl: f.mean,
    lowestMgdl: f.lowest,
    below70: f.below70,
    below54: f.below54,
    points: points.rows.map((r) => ({ at: new Date(r.recorded_at), mgdl: Number(r.value_mgdl) })),
  };
};
