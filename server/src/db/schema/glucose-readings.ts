import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { currentPerson, sharePolicy } from './rls';

/**
 * The owner policy with the session settings read once per statement (scalar sub-selects become
 * init plans; `currentPerson` is one) instead of once per row: a year of CGM data is 105,120 rows, and the per-row
 * `current_setting` and uuid parse cost more than the statistics themselves. Same rule as
 * `ownerPolicies`: the owner, or the system context.
 */
const ownerOnce = sql`user_id = ${currentPerson} or (select current_setting('app.system', true) = 'on')`;

/**
 * The single glucose store: manual logs, meter and CGM readings, imports and device data, all in
 * mg/dL. (user, time, source) is unique for everything but the user's own logs, so re-importing a
 * file or replaying an upload adds nothing, while a manual re-check in the same minute is kept.
 */
export const glucoseReadings = pgTable(
  'glucose_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    valueMgdl: doublePrecision('value_mgdl').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    /** The log dialog's timing (fasting, before_meal, after_meal, bedtime, other); null for CGM data. */
    mealContext: text('meal_context'),
    carbsConsumed: integer('carbs_consumed'),
    notes: text('notes'),
    /** The sensor's trend arrow in Nightscout's words (`Flat`, `FortyFiveUp`…); null when none came. */
    trend: text('trend'),
    /**
     * What a Nightscout uploader sent with the reading beyond what Healthfolio reads (xDrip+'s `noise`,
     * `filtered`, `unfiltered`, `rssi`, `delta`, the `dateString`'s `utcOffset`…), bounded in size
     * (ns-payload `entryFields`) and answered back to Nightscout clients as it came; never read for
     * anything Healthfolio works out. Null for everything else.
     */
    nsFields: jsonb('ns_fields').$type<Record<string, unknown>>(),
    /**
     * Part of the unique key: true for readings that deduplicate on (user, time, source) (imports,
     * devices, uploads), null for the user's own logs. NULLs never collide in a unique index, so two
     * readings logged by hand at the same minute are two readings.
     */
    deduplicated: boolean('deduplicated').generatedAlwaysAs(
      sql`case when source = 'manual' then null else true end`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the index for a user's time ranges (its leading columns): a second (user, time) index only
    // cost every imported reading one more insertion. A custom migration adds INCLUDE (value_mgdl), which
    // drizzle cannot express, so window statistics are an index-only scan.
    unique('glucose_readings_user_time_source_key').on(t.userId, t.recordedAt, t.source, t.deduplicated),
    // The readings that show as entries (logged by the user): the entry list, streaks and achievements
    // read these without stepping over a CGM user's hundreds of thousands of sensor readings.
    index('glucose_readings_user_logged_idx')
      .on(t.userId, t.recordedAt)
      .where(sql`source in ('manual', 'meter')`),
    // Nightscout API v3 asks what changed since an instant (`lastModified`, `history`) on every sync of
    // AndroidAPS: without this, each ask read all of the user's readings (a year of CGM data: 105,120).
    // A change is a store or a later update (a resend with other fields, an edit): `updated_at`.
    index('glucose_readings_user_updated_idx').on(t.userId, t.updatedAt),
    check('glucose_readings_value_check', sql`${t.valueMgdl} > 0 and ${t.valueMgdl} < 2000`),
    check(
      'glucose_readings_source_check',
      sql`${t.source} in ('manual', 'meter', 'cgm') or ${t.source} like 'import:%' or ${t.source} like 'device:%'`,
    ),
    pgPolicy('glucose_readings_owner', {
      as: 'permissive',
      for: 'all',
      using: ownerOnce,
      withCheck: ownerOnce,
    }),
    sharePolicy('glucose_readings', t.userId, 'health_metrics', { since: t.recordedAt }),
    // SQL only (migration follow_sql): `glucose_readings_household_follower`, SELECT of the
    // people a household follower token names (`app_follow_people()`, households.ts).
  ],
);
