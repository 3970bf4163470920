import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { documents } from './documents';
import { ownerPolicies, sharePolicy } from './rls';

/**
 * Lab results, LOINC-coded with UCUM units (A1C included: LOINC 4548-4). A result is the same one when
 * the person, the test, the time, the value and the unit are: imports insert each once (unique index).
 */
export const labResults = pgTable(
  'lab_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    testName: text('test_name').notNull(),
    loinc: text('loinc').notNull(),
    value: doublePrecision('value'),
    valueText: text('value_text'),
    unit: text('unit'),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    /** "Below 100": the high end is the first value flagged high (lab-units.ts flagFromRange). */
    referenceHighExclusive: boolean('reference_high_exclusive').notNull().default(false),
    referenceText: text('reference_text'),
    flag: text('flag'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** The record dated it only by year, month or day (core's date-precision.ts); null: a time of day. */
    effectivePrecision: text('effective_precision'),
    source: text('source').notNull().default('typed'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** Where the test was done (the A1C tracker's lab name). */
    labName: text('lab_name'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_results_user_effective_idx').on(t.userId, t.effectiveAt.desc(), t.id.desc()),
    index('lab_results_user_loinc_effective_idx').on(t.userId, t.loinc, t.effectiveAt, t.id),
    uniqueIndex('lab_results_same_result_idx').on(
      t.userId,
      t.loinc,
      t.effectiveAt,
      sql`coalesce(${t.value}::text, ${t.valueText})`,
      sql`coalesce(${t.unit}, '')`,
    ),
    check('lab_results_value_check', sql`${t.value} is not null or ${t.valueText} is not null`),
    check('lab_results_flag_check', sql`${t.flag} in ('low', 'normal', 'high', 'critical')`),
    check('lab_results_effective_precision_check', sql`${t.effectivePrecision} in ('year', 'month', 'day')`),
    check('lab_results_source_check', sql`${t.source} in ('typed', 'imported', 'portal')`),
    ...ownerPolicies('lab_results', t.userId),
    sharePolicy('lab_results', t.userId, 'lab_results', { since: t.effectiveAt }),
  ],
);
