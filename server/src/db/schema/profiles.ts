import type { WeightGoal } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { boolean, check, date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    userType: text('user_type'),
    displayName: text('display_name').notNull(),
    glucoseUnit: text('glucose_unit').notNull().default('mg/dL'),
    timezone: text('timezone').notNull().default('UTC'),
    weightGoal: jsonb('weight_goal').$type<WeightGoal>(),
    emailReminders: boolean('email_reminders').notNull().default(false),
    /** A household's person (issue 32): their date of birth, when a guardian gave it. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_user_type_check', sql`${t.userType} in ('general_health', 'diabetes_focused')`),
    check('profiles_glucose_unit_check', sql`${t.glucoseUnit} in ('mg/dL', 'mmol/L')`),
    ...ownerPolicies('profiles', t.userId),
    // SQL only (migration follow_sql): `profiles_household_follower`, SELECT of the
    // people a household follower token names (`app_follow_people()`, households.ts).
  ],
);
