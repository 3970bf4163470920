import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { documents } from './documents';
import { ownerPolicies } from './rls';

/** Money is integer cents (bigint, read as a JS number: at most 99,999,999.99 fits safely). */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const nonNegative = (table: string, columns: string[]) =>
  check(`${table}_money_check`, sql.raw(columns.map((c) => `${c} >= 0`).join(' and ')));

/** Spec "Insurance provider": the user's plans. */
export const insurancePlans = pgTable(
  'insurance_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    policyNumber: text('policy_number').notNull(),
    groupNumber: text('group_number'),
    memberNumber: text('member_number').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    deductibleCents: cents('deductible_cents'),
    deductibleMetCents: cents('deductible_met_cents'),
    outOfPocketMaxCents: cents('out_of_pocket_max_cents'),
    outOfPocketMetCents: cents('out_of_pocket_met_cents'),
    copayPrimaryCents: cents('copay_primary_cents'),
    copaySpecialistCents: cents('copay_specialist_cents'),
    copayEmergencyCents: cents('copay_emergency_cents'),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email'),
    contactWebsite: text('contact_website'),
    ...stamps,
  },
  (t) => [
    index('insurance_plans_user_idx').on(t.userId, t.createdAt),
    // One active primary plan per user, enforced by the database too (the service says why first).
    uniqueIndex('insurance_plans_one_active_primary')
      .on(t.userId)
      .where(sql`${t.type} = 'primary' and ${t.status} = 'active'`),
    check('insurance_plans_type_check', sql`${t.type} in ('primary', 'secondary', 'dental', 'vision')`),
    check('insurance_plans_status_check', sql`${t.status} in ('active', 'inactive', 'pending')`),
    nonNegative('insurance_plans', [
      'deductible_cents',
      'deductible_met_cents',
      'out_of_pocket_max_cents',
      'out_of_pocket_met_cents',
      'copay_primary_cents',
      'copay_specialist_cents',
      'copay_emergency_cents',
    ]),
    ...ownerPolicies('insurance_plans', t.userId),
  ],
);

export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    claimNumber: text('claim_number').notNull(),
    /**
     * The claim number is the source record's resource id (an imported claim without one of its own):
     * kept for matching a re-import, never shown.
     */
    claimNumberGenerated: boolean('claim_number_generated').notNull().default(false),
    provider: text('provider').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    submittedDate: date('submitted_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    amountCents: cents('amount_cents'),
    coveredCents: cents('covered_cents'),
    patientResponsibilityCents: cents('patient_responsibility_cents'),
    /** What the plan allowed for the service (an EOB's eligible amount); null when not known. */
    allowedCents: bigint('allowed_cents', { mode: 'number' }),
    description: text('description'),
    insurancePlanId: uuid('insurance_plan_id').references(() => insurancePlans.id, { onDelete: 'set null' }),
    /** The Explanation of Benefits, a document of the user's vault (cleared when it is deleted). */
    eobDocumentId: uuid('eob_document_id').references(() => documents.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    index('insurance_claims_user_service_idx').on(t.userId, t.serviceDate),
    uniqueIndex('insurance_claims_user_number_idx').on(t.userId, t.claimNumber),
    // Deleting a document finds the claims that attach it (on delete set null) without a scan.
    index('insurance_claims_eob_idx').on(t.eobDocumentId).where(sql`${t.eobDocumentId} is not null`),
    check(
      'insurance_claims_status_check',
      sql`${t.status} in ('pending', 'processing', 'approved', 'paid', 'denied')`,
    ),
    nonNegative('insurance_claims', ['amount_cents', 'covered_cents', 'patient_responsibility_cents']),
    check('insurance_claims_allowed_check', sql`${t.allowedCents} is null or ${t.allowedCents} >= 0`),
    check(
      'insurance_claims_covered_check',
      sql`${t.coveredCents} + ${t.patientResponsibilityCents} <= ${t.amountCents}`,
    ),
    ...ownerPolicies('insurance_claims', t.userId),
  ],
);

export const insuranceBills = pgTable(
  'insurance_bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    provider: text('provider').notNull(),
    amountCents: cents('amount_cents'),
    insuranceCoveredCents: cents('insurance_covered_cents'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    category: text('category').notNull(),
    description: text('description'),
    /** The receipt, a document of the user's vault (cleared when it is deleted). */
    receiptDocumentId: uuid('receipt_document_id').references(() => documents.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    index('insurance_bills_user_due_idx').on(t.userId, t.dueDate),
    index('insurance_bills_receipt_idx')
      .on(t.receiptDocumentId)
      .where(sql`${t.receiptDocumentId} is not null`),
    check('insurance_bills_status_check', sql`${t.status} in ('paid', 'overdue', 'partial', 'pending')`),
    nonNegative('insurance_bills', ['amount_cents', 'insurance_covered_cents']),
    check('insurance_bills_covered_check', sql`${t.insuranceCoveredCents} <= ${t.amountCents}`),
    ...ownerPolicies('insurance_bills', t.userId),
  ],
);

export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => insuranceBills.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bill_payments_user_bill_idx').on(t.userId, t.billId),
    check('bill_payments_amount_check', sql`${t.amountCents} > 0`),
    ...ownerPolicies('bill_payments', t.userId),
  ],
);

/** The user's currency for amounts and the HSA/FSA balances they enter. */
export const insuranceSettings = pgTable(
  'insurance_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull().default('USD'),
    hsaCents: cents('hsa_cents'),
    fsaCents: cents('fsa_cents'),
    fsaExpiration: date('fsa_expiration', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    nonNegative('insurance_settings', ['hsa_cents', 'fsa_cents']),
    ...ownerPolicies('insurance_settings', t.userId),
  ],
);
