import type { Logger } from 'pino';
import type { Database, Tx } from '../../db/database';
import { auditLogs } from '../../db/schema';

export interface AuditEntry {
  userId: string | null;
  action: string;
  resourceType?: string;
  resourceId?: string;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export const insertAudit = (tx: Tx, e: AuditEntry) =>
  tx.insert(auditLogs).values({
    userId: e.userId,
    action: e.action,
    resourceType: e.resourceType ?? null,
    resourceId: e.resourceId ?? null,
    details: e.details ?? null,
    ipAddress: e.ipAddress ?? null,
    userAgent: e.userAgent?.slice(0, 512) ?? null,
  });

export type AuditRecorder = (e: AuditEntry) => Promise<void>;

/** A failed audit write must not fail the user's request; it is logged instead. */
export const createAuditRecorder =
  (db: Database, logger: Logger): AuditRecorder =>
  async (e) => {
    try {
      await db.asSystem((tx) => insertAudit(tx, e));
    } catch (err) {
      logger.warn({ action: e.action, err: { message: (err as Error).message } }, 'audit write failed');
    }
  };
