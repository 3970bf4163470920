import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { isSystem, notAppRoles, ownsRow } from './rls';

const erasing = sql`${notAppRoles} and current_setting('app.audit_erasure', true) = 'on'`;

/**
 * Append-only for every role: the app role gets INSERT and SELECT only, and triggers refuse UPDATE,
 * DELETE and TRUNCATE even for the owner (migration audit_append_only_chain). A user may read their own
 * entries; only the system context (admin console) reads everyone's. A BEFORE INSERT trigger (migration
 * audit_chains_sql) puts each row on its chain — the user's own, or one of the system chains for rows
 * without a user — and fills `chain`, `chain_seq`, `prev_hash` (the previous row of that chain) and
 * `hash` (sha256), so a changed or removed row shows up in `npm run audit:verify`. `seq` orders all rows
 * (a sequence, assigned once the chain's head is locked). Rows from before the per-user chains have no
 * `chain`: they form the old single chain, in `seq` order.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    /**
     * The account that acted: the person themselves, their guardian (households), or null when the
     * system acted (or for rows from before issue 32).
     */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by the chain trigger, never by the app (NOT NULL is added once existing rows are chained).
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    // Null on the rows of the single chain written before per-user chains (their position is `seq`).
    chain: text('chain'),
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    /**
     * sha256 of [details, ip_address, user_agent], set by the chain trigger; the row's hash covers this
     * digest instead of those three, so erasing an account can blank them (`scrubbed_at`) and the chain
     * still verifies. Null on rows written before account deletion existed (their hash covers the values).
     */
    contentDigest: text('content_digest'),
    scrubbedAt: timestamp('scrubbed_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_logs_user_id_created_idx').on(t.userId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    uniqueIndex('audit_logs_seq_idx').on(t.seq),
    index('audit_logs_user_id_seq_idx').on(t.userId, t.seq),
    pgPolicy('audit_logs_read', { for: 'select', using: sql`${ownsRow(t.userId)} or ${isSystem}` }),
    pgPolicy('audit_logs_write', { for: 'insert', withCheck: sql`${ownsRow(t.userId)} or ${isSystem}` }),
    // Account erasure only (modules/account/erase-person.ts): the owner, with app.audit_erasure on; the
    // trigger audit_logs_refuse_change lets through nothing but blanking details, IP and user agent.
    pgPolicy('audit_logs_erase', { for: 'update', using: erasing, withCheck: erasing }),
  ],
);

/**
 * The head of each audit chain: its last position and hash, locked by the insert trigger from a row's
 * insert to its commit, so only writes on the same chain take turns. Chains: `user:<id>` (the person a
 * row names), `system:<0-15>` (rows without a user, spread over 16 so anonymous failed sign-ins do not
 * queue on one row), `global` (the frozen head of the single chain before the cut-over). Only the
 * trigger, as the owner, writes it (a policy for the owner in migration audit_chains_sql); a user may
 * read their own chain's head, the system context all of them.
 */
export const auditChainHeads = pgTable(
  'audit_chain_heads',
  {
    chain: text('chain').primaryKey(),
    userId: uuid('user_id'),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [
    index('audit_chain_heads_user_id_idx').on(t.userId),
    pgPolicy('audit_chain_heads_read', { for: 'select', using: sql`${ownsRow(t.userId)} or ${isSystem}` }),
    // The owner (the trigger is SECURITY DEFINER) under FORCE; the app role has no write grant anyway.
    pgPolicy('audit_chain_heads_trigger', { for: 'all', using: notAppRoles, withCheck: notAppRoles }),
  ],
);
