import { isDeepStrictEqual } from 'node:util';
import type { AuditAction, AuditResourceType } from '@healthfolio/core';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Logger } from 'pino';
import type { Database, Tx } from '../../db/database';
import { auditLogs } from '../../db/schema';
import { deferToCommit } from '../../db/transaction-extras';
import { ProblemError } from '../../http/problem';
import { auditClientOf } from './audit-context';

export interface AuditEntry {
  userId: string | null;
  /** An AuditAction; plain strings are accepted so auth plugins can name their own events. */
  action: AuditAction | (string & {});
  resourceType?: AuditResourceType | (string & {});
  resourceId?: string | null;
  /** Never a health value: counts, changed field names, sources. */
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** The account that acted (the person, or their guardian); null when the system acted. */
  actorId?: string | null;
}

/** The row an entry becomes (the chain's columns are the database's to fill). */
const auditValues = (e: AuditEntry) => ({
  userId: e.userId,
  action: e.action,
  resourceType: e.resourceType ?? null,
  resourceId: e.resourceId ?? null,
  details: e.details ?? null,
  ipAddress: e.ipAddress ?? null,
  userAgent: e.userAgent?.slice(0, 512) ?? null,
  actorId: e.actorId ?? null,
});

export const insertAudit = (tx: Tx, e: AuditEntry) => tx.insert(auditLogs).values(auditValues(e));

/**
 * The same insert as text and parameters, its text built once: drizzle builds an insert's text on
 * every call, which cost more of an audited write's time in the server than anything else it does.
 */
let prebuilt: { sql: string; params: unknown[] } | undefined;
const auditInsertStatement = (e: AuditEntry) => {
  prebuilt ??= drizzle
    .mock()
    .insert(auditLogs)
    .values(
      Object.fromEntries(
        Object.keys(auditValues(e)).map((k) => [k, sql.placeholder(k)]),
      ) as unknown as typeof auditLogs.$inferInsert,
    )
    .toSQL();
  return { sql: prebuilt.sql, params: fillPlaceholders(prebuilt.params, auditValues(e)) };
};

/** §164.312(b): an action that cannot be recorded is not carried out. */
const auditUnavailable = (cause: unknown) =>
  Object.assign(
    new ProblemError(
      503,
      'audit_unavailable',
      'This could not be recorded in the audit log, so nothing was changed. Please try again shortly.',
      undefined,
      { 'retry-after': '5' },
    ),
    { cause },
  );

/**
 * Records an action in the caller's transaction: the row commits with the change or not at all, and a
 * failed write fails the transaction (503). IP and user agent are the request's, as the server saw them.
 */
export const recordAudit = async (
  tx: Tx,
  userId: string,
  action: AuditAction,
  resourceType: AuditResourceType,
  resourceId?: string | null,
  details?: Record<string, unknown>,
) => {
  const { ipAddress, userAgent, accountId } = auditClientOf(tx);
  const entry = {
    userId,
    action,
    resourceType,
    resourceId,
    details,
    ipAddress,
    userAgent,
    actorId: accountId,
  };
  // On PostgreSQL the row goes with the commit (one round trip less; the chain's head is held only
  // for the commit); its failure still fails the commit, and so the change.
  if (await deferToCommit(tx, auditInsertStatement(entry), auditUnavailable)) return;
  try {
    await insertAudit(tx, entry);
  } catch (err) {
    throw auditUnavailable(err);
  }
};

/** Absent and null are the same to a reader of the history. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/**
 * The names (never the values) of the fields a patch sets, one level into `data`. Given what the
 * record held before (in the patch's own shape, so both sides are compared as the request schema
 * reads them), only the fields whose value it changes: a form sends every field, and the account's
 * history says what the user changed, not what the form sent.
 */
export const changedFields = (patch: Record<string, unknown>, before?: Record<string, unknown>) =>
  Object.entries(patch)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => {
      const was = before?.[k];
      if (!isRecord(v)) return before && same(v, was) ? [] : [k];
      return Object.keys(v)
        .filter((sub) => !before || !same(v[sub], isRecord(was) ? was[sub] : undefined))
        .map((sub) => `${k}.${sub}`);
    })
    .sort();

/**
 * The fields an edit changed: `patch` (the request's defined fields) merged and checked as `merged`,
 * against the record as it was (`before`, in the request's shape), both as `schema` reads them.
 */
export const changedByEdit = <T extends Record<string, unknown>>(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
  before: Record<string, unknown>,
  patch: Record<string, unknown>,
  merged: T,
) => {
  const was = schema.safeParse(before);
  return changedBetween(patch, was.success ? (was.data as Record<string, unknown>) : before, merged);
};

/** The fields `patch` set whose value differs between the record as presented before and after it. */
export const changedBetween = (
  patch: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  changedFields(
    Object.fromEntries(
      Object.keys(patch)
        .filter((k) => patch[k] !== undefined)
        .map((k) => [k, after[k]]),
    ),
    before,
  );

export type AuditRecorder = (e: AuditEntry) => Promise<void>;

/**
 * For events outside a user's transaction (sign-in, sign-out, failed sign-in): its own transaction in
 * the system context. A failure is logged and thrown, so the request fails instead of leaving a gap.
 */
export const createAuditRecorder =
  (db: Database, logger: Logger): AuditRecorder =>
  async (e) => {
    try {
      await db.asSystem((tx) => insertAudit(tx, e));
    } catch (err) {
      logger.error({ action: e.action, err: { message: (err as Error).message } }, 'audit write failed');
      throw auditUnavailable(err);
    }
  };
