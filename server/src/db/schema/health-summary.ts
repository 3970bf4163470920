import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { documents } from './documents';
import { ownerPolicies, sharePolicy } from './rls';

/**
 * The read-only health summary: conditions, allergies, immunizations, procedures and medications from
 * imported records (FHIR, C-CDA). `natural_key` is what makes an item the same one in a later import
 * (its kind, code or words, and day), so importing the same file twice adds nothing (unique index).
 */
export const healthSummaryItems = pgTable(
  'health_summary_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    codeSystem: text('code_system'),
    code: text('code'),
    text: text('text').notNull(),
    status: text('status'),
    /** Onset, date given, performed or taken from: a FHIR date or dateTime as the record gave it. */
    onsetAt: text('onset_at'),
    recordedAt: text('recorded_at'),
    sourceDocumentId: uuid('source_document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** Further fields in words (reaction, severity, dose...), keyed by their label. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    naturalKey: text('natural_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('health_summary_items_user_kind_idx').on(t.userId, t.kind, t.onsetAt),
    uniqueIndex('health_summary_items_natural_key_idx').on(t.userId, t.naturalKey),
    check(
      'health_summary_items_kind_check',
      sql`${t.kind} in ('condition', 'allergy', 'immunization', 'procedure', 'medication')`,
    ),
    ...ownerPolicies('health_summary_items', t.userId),
    // Medications go with the medications a caregiver may see; the rest of the summary with health metrics.
    sharePolicy('health_summary_items', t.userId, 'medications', {
      since: t.createdAt,
      where: sql`${t.kind} = 'medication'`,
    }),
    sharePolicy('health_summary_items', t.userId, 'health_metrics', {
      since: t.createdAt,
      where: sql`${t.kind} <> 'medication'`,
    }),
  ],
);
