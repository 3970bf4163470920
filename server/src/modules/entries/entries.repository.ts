import type { DatePrecision, EntryListQuery, TrackerKey } from '@healthfolio/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { glucoseReadings, trackerEntries } from '../../db/schema';

/** Glucose readings the user logged themselves show as entries; CGM and imported data do not. */
export const ENTRY_GLUCOSE_SOURCES = sql`('manual', 'meter')`;

export type EntryRow = {
  id: string;
  tracker: TrackerKey;
  occurred_at: Date;
  /** An imported entry its record dated only by day, month or year (core's date-precision.ts). */
  occurred_precision: string | null;
  notes: string | null;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

const trackerBranch = (userId: string, tracker?: TrackerKey) => sql`
  select id, tracker, occurred_at, occurred_precision, notes, data, created_at, updated_at
  from tracker_entries where user_id = ${userId}${tracker ? sql` and tracker = ${tracker}` : sql``}`;

// A glucose reading's columns as an entry (the list's branch, and what a logged reading returns).
const GLUCOSE_AS_ENTRY = sql`id, 'blood-glucose'::text as tracker, recorded_at as occurred_at,
    null::text as occurred_precision, notes,
    jsonb_strip_nulls(jsonb_build_object('glucose', value_mgdl, 'timing', meal_context,
      'carbsConsumed', carbs_consumed, 'source', source)) as data,
    created_at, updated_at`;
const TRACKER_AS_ENTRY = sql`id, tracker, occurred_at, occurred_precision, notes, data, created_at, updated_at`;

const glucoseBranch = (userId: string) => sql`
  select ${GLUCOSE_AS_ENTRY}
  from glucose_readings where user_id = ${userId} and source in ${ENTRY_GLUCOSE_SOURCES}`;

/** Every entry of the user (or of one tracker) as one relation, glucose logs included. */
export const entriesRelation = (userId: string, tracker?: TrackerKey): SQL => {
  if (tracker === 'blood-glucose') return glucoseBranch(userId);
  if (tracker) return trackerBranch(userId, tracker);
  return sql`${trackerBranch(userId)} union all ${glucoseBranch(userId)}`;
};

export interface Cursor {
  at: Date;
  id: string;
}

export const selectEntries = async (tx: Tx, userId: string, q: EntryListQuery, cursor?: Cursor) => {
  const desc = q.order === 'desc';
  const where: SQL[] = [];
  if (q.from) where.push(sql`occurred_at >= ${q.from}`);
  if (q.to) where.push(sql`occurred_at < ${q.to}`);
  if (cursor) {
    where.push(
      desc
        ? sql`(occurred_at, id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : sql`(occurred_at, id) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const filter = where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``;
  const order = desc ? sql`occurred_at desc, id desc` : sql`occurred_at asc, id asc`;
  const result = await tx.execute<EntryRow>(
    sql`select * from (${entriesRelation(userId, q.tracker)}) e${filter} order by ${order} limit ${q.limit + 1}`,
  );
  return result.rows;
};

export const selectEntry = async (tx: Tx, userId: string, id: string) => {
  const result = await tx.execute<EntryRow>(
    sql`select * from (${entriesRelation(userId)}) e where id = ${id}`,
  );
  return result.rows[0];
};

export const insertTrackerEntry = async (
  tx: Tx,
  values: {
    userId: string;
    tracker: TrackerKey;
    occurredAt: Date;
    notes: string | null;
    data: Record<string, unknown>;
  },
) => {
  const [row] = await tx.insert(trackerEntries).values(values).returning({ id: trackerEntries.id });
  return row!.id;
};

export const insertGlucoseEntry = async (
  tx: Tx,
  values: {
    userId: string;
    recordedAt: Date;
    valueMgdl: number;
    mealContext?: string;
    carbsConsumed?: number;
    notes: string | null;
  },
) => {
  const [row] = await tx
    .insert(glucoseReadings)
    .values({ ...values, source: 'manual' })
    .returning({ id: glucoseReadings.id });
  return row!.id;
};

/**
 * `insertTrackerEntry` answering the stored entry as `selectEntry` reads it (no read-back): one
 * hand-written statement, named on PostgreSQL like every statement of a write transaction.
 */
export const insertTrackerEntryRow = async (
  tx: Tx,
  v: {
    /** Chosen by the caller (a random UUID) when something must name the row before it is stored. */
    id?: string;
    userId: string;
    tracker: TrackerKey;
    occurredAt: Date;
    /** A date typed without a time: the entry is dated by its day (core's date-precision.ts). */
    occurredPrecision?: DatePrecision | null;
    notes: string | null;
    data: Record<string, unknown>;
  },
) => {
  const result = await tx.execute<EntryRow>(sql`
    insert into tracker_entries (id, user_id, tracker, occurred_at, occurred_precision, notes, data)
    values (coalesce(${v.id ?? null}::uuid, gen_random_uuid()), ${v.userId}, ${v.tracker},
      ${v.occurredAt.toISOString()}, ${v.occurredPrecision ?? null}, ${v.notes}, ${JSON.stringify(v.data)}::jsonb)
    returning ${TRACKER_AS_ENTRY}`);
  return result.rows[0]!;
};

/** `insertGlucoseEntry` (a reading logged by hand) answering the stored entry as `selectEntry` reads it. */
export const insertGlucoseEntryRow = async (
  tx: Tx,
  v: {
    /** Chosen by the caller (a random UUID) when something must name the row before it is stored. */
    id?: string;
    userId: string;
    recordedAt: Date;
    valueMgdl: number;
    mealContext?: string;
    carbsConsumed?: number;
    notes: string | null;
  },
) => {
  const result = await tx.execute<EntryRow>(sql`
    insert into glucose_readings (id, user_id, source, recorded_at, value_mgdl, meal_context, carbs_consumed, notes)
    values (coalesce(${v.id ?? null}::uuid, gen_random_uuid()), ${v.userId}, 'manual', ${v.recordedAt.toISOString()},
      ${v.valueMgdl}, ${v.mealContext ?? null}, ${v.carbsConsumed ?? null}, ${v.notes})
    returning ${GLUCOSE_AS_ENTRY}`);
  return result.rows[0]!;
};

export const updateTrackerEntry = (
  tx: Tx,
  userId: string,
  id: string,
  set: {
    /** A new date goes with its precision: a date alone is dated by its day, a date and time by none. */
    occurred?: { at: Date; precision: DatePrecision | null };
    notes?: string | null;
    data?: Record<string, unknown>;
  },
) =>
  tx
    .update(trackerEntries)
    .set({
      notes: set.notes,
      data: set.data,
      ...(set.occurred ? { occurredAt: set.occurred.at, occurredPrecision: set.occurred.precision } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(trackerEntries.userId, userId), eq(trackerEntries.id, id)));

export const updateGlucoseEntry = (
  tx: Tx,
  userId: string,
  id: string,
  set: {
    recordedAt?: Date;
    notes?: string | null;
    valueMgdl?: number;
    mealContext?: string | null;
    carbsConsumed?: number | null;
  },
) =>
  tx
    .update(glucoseReadings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(glucoseReadings.userId, userId), eq(glucoseReadings.id, id)));

export const deleteEntryRow = async (tx: Tx, userId: string, id: string) => {
  const a = await tx
    .delete(trackerEntries)
    .where(and(eq(trackerEntries.userId, userId), eq(trackerEntries.id, id)))
    .returning({ id: trackerEntries.id });
  if (a.length) return true;
  const b = await tx
    .delete(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.userId, userId),
        eq(glucoseReadings.id, id),
        sql`source in ${ENTRY_GLUCOSE_SOURCES}`,
      ),
    )
    .returning({ id: glucoseReadings.id });
  return b.length > 0;
};

/** Counts for one tracker in the user's calendar: total, last 7 local days, this and last month. */
export const selectTrackerCounts = async (tx: Tx, userId: string, tracker: TrackerKey, timeZone: string) => {
  const result = await tx.execute<{
    total: number;
    this_week: number;
    this_month: number;
    last_month: number;
  }>(sql`
    with bounds as (
      select
        (date_trunc('day', now() at time zone ${timeZone}) - interval '6 days') at time zone ${timeZone} as week_start,
        date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone} as month_start,
        (date_trunc('month', now() at time zone ${timeZone}) - interval '1 month') at time zone ${timeZone} as last_month_start
    )
    select
      count(*)::int as total,
      (count(*) filter (where occurred_at >= week_start))::int as this_week,
      (count(*) filter (where occurred_at >= month_start))::int as this_month,
      (count(*) filter (where occurred_at >= last_month_start and occurred_at < month_start))::int as last_month
    from (${entriesRelation(userId, tracker)}) e, bounds
    -- Nothing dated in the future counts (rows stored before that rule was enforced).
    where occurred_at <= now() + interval '5 minutes'`);
  return result.rows[0]!;
};

/** Mean and count of every glucose reading (all sources) of the last 7 days up to now, in mg/dL. */
export const selectGlucoseAverage7d = async (tx: Tx, userId: string) => {
  const result = await tx.execute<{ avg: number | null; n: number }>(
    sql`select avg(value_mgdl)::float8 as avg, count(*)::int as n from glucose_readings
      where user_id = ${userId} and recorded_at >= now() - interval '7 days'
        and recorded_at <= now() + interval '5 minutes'`,
  );
  return { avg: result.rows[0]?.avg ?? null, count: result.rows[0]?.n ?? 0 };
};
