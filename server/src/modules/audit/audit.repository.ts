import { and, desc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { auditLogs } from '../../db/schema';

export type AuditRow = typeof auditLogs.$inferSelect;

/** One user's rows, newest first, keyset on the chain's sequence number (unique and ordered). */
export const selectUserAudit = (tx: Tx, userId: string, limit: number, beforeSeq?: number) =>
  tx
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.userId, userId), beforeSeq === undefined ? undefined : lt(auditLogs.seq, beforeSeq)),
    )
    .orderBy(desc(auditLogs.seq))
    .limit(limit);
