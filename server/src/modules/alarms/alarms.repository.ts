import {
  ALARM_PREDICTION_WINDOW_MINUTES,
  DEFAULT_GLUCOSE_ALARM_SETTINGS,
  type GlucoseAlarmKind,
  type GlucoseAlarmSettings,
  isLiveGlucoseSource,
} from '@healthfolio/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { glucoseAlarmSettings, glucoseAlarms } from '../../db/schema';

export type GlucoseAlarmRow = typeof glucoseAlarms.$inferSelect;

const MINUTE = 60_000;

/** Saved settings over the defaults (a setting added later takes its default). */
export const alarmSettingsOf = (
  saved: Partial<GlucoseAlarmSettings> | null | undefined,
): GlucoseAlarmSettings => ({
  ...DEFAULT_GLUCOSE_ALARM_SETTINGS,
  ...(saved ?? {}),
});

/** The person's settings over the defaults. */
export const selectAlarmSettings = async (tx: Tx, userId: string): Promise<GlucoseAlarmSettings> => {
  const [row] = await tx
    .select({ settings: glucoseAlarmSettings.settings })
    .from(glucoseAlarmSettings)
    .where(eq(glucoseAlarmSettings.userId, userId));
  return alarmSettingsOf(row?.settings);
};

export const upsertAlarmSettings = (tx: Tx, userId: string, settings: GlucoseAlarmSettings) =>
  tx
    .insert(glucoseAlarmSettings)
    .values({ userId, settings })
    .onConflictDoUpdate({ target: glucoseAlarmSettings.userId, set: { settings, updatedAt: sql`now()` } });

/**
 * The readings the judge looks at: the last 30 minutes before `now` (a few minutes ahead allowed, as
 * the follow-up does), and whether the newest comes from a live source (core `isLiveGlucoseSource`). A phone's
 * upload reads the same in its insert (glucose.repository `insertReadingsSeeingLatest`).
 */
export const judgedWindow = (now: Date) => ({
  from: new Date(now.getTime() - ALARM_PREDICTION_WINDOW_MINUTES * MINUTE),
  to: new Date(now.getTime() + 5 * MINUTE),
});

export const selectJudgedReadings = async (tx: Tx, userId: string, now: Date) => {
  const { from, to } = judgedWindow(now);
  const { rows } = await tx.execute<{ value_mgdl: number; recorded_at: Date | string; source: string }>(sql`
    select value_mgdl, recorded_at, source from glucose_readings
    where user_id = ${userId}
      and recorded_at >= ${from.toISOString()}::timestamptz
      and recorded_at <= ${to.toISOString()}::timestamptz
    order by recorded_at limit 500`);
  const readings = rows.map((r) => ({ at: new Date(r.recorded_at), mgdl: Number(r.value_mgdl) }));
  const newest = rows[rows.length - 1];
  return { readings, continuous: newest ? isLiveGlucoseSource(newest.source) : false };
};

/** The newest reading of a person, for the stale-data judge. */
export const selectNewestReading = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{ value_mgdl: number; recorded_at: Date | string; source: string }>(sql`
    select value_mgdl, recorded_at, source from glucose_readings
    where user_id = ${userId} order by recorded_at desc limit 1`);
  const r = rows[0];
  return r ? { at: new Date(r.recorded_at), mgdl: Number(r.value_mgdl), source: r.source } : null;
};

export const selectOpenAlarms = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(glucoseAlarms)
    .where(and(eq(glucoseAlarms.userId, userId), isNull(glucoseAlarms.endedAt)));

export const selectAlarm = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(glucoseAlarms)
    .where(and(eq(glucoseAlarms.userId, userId), eq(glucoseAlarms.id, id)));
  return row;
};

/** A new episode; none when one of that kind is already open (the partial unique index decides). */
export const insertAlarm = async (
  tx: Tx,
  values: {
    userId: string;
    kind: GlucoseAlarmKind;
    raisedAt: Date;
    valueMgdl: number | null;
    readingAt: Date | null;
  },
) => {
  const [row] = await tx
    .insert(glucoseAlarms)
    .values(values)
    .onConflictDoNothing({
      target: [glucoseAlarms.userId, glucoseAlarms.kind],
      where: sql`ended_at is null`,
    })
    .returning();
  return row;
};

export const updateAlarm = async (
  tx: Tx,
  userId: string,
  id: string,
  set: Partial<Omit<GlucoseAlarmRow, 'id' | 'userId' | 'kind'>>,
) => {
  const [row] = await tx
    .update(glucoseAlarms)
    .set(set)
    .where(and(eq(glucoseAlarms.userId, userId), eq(glucoseAlarms.id, id)))
    .returning();
  return row;
};

/** A page of the history, newest first, after the keyset `before` (a year at most is kept). */
export const selectAlarmHistory = (
  tx: Tx,
  userId: string,
  limit: number,
  before?: { at: Date; id: string },
) =>
  tx
    .select()
    .from(glucoseAlarms)
    .where(
      and(
        eq(glucoseAlarms.userId, userId),
        before
          ? sql`(${glucoseAlarms.raisedAt}, ${glucoseAlarms.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(glucoseAlarms.raisedAt), desc(glucoseAlarms.id))
    .limit(limit);

/** The history is kept a year: older ended alarms go (the hourly sweeps). */
export const pruneOldAlarms = async (tx: Tx, now: Date, limit: number) => {
  const before = new Date(now.getTime() - 366 * 24 * 60 * MINUTE);
  const { rows } = await tx.execute<{ id: string }>(sql`
    delete from glucose_alarms where id in (
      select id from glucose_alarms
      where raised_at < ${before.toISOString()}::timestamptz and ended_at is not null
      limit ${limit})
    returning id`);
  return rows.length;
};
