import {
  type AdminAuditEvent,
  type AdminAuditQuery,
  type AdminAuditResponse,
  AUDIT_WINDOWS,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { toCsv } from './csv';

/** A CSV export stops here; narrow the window or the search for more. */
export const AUDIT_EXPORT_MAX = 100_000;

type Row = {
  id: string;
  seq: string | number;
  user_id: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  details: Record<string, unknown> | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date | string;
};

const select = (tx: Tx, q: Omit<AdminAuditQuery, 'limit'>, limit: number) => {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return tx.execute<Row>(sql`
    select id, seq, user_id, action, resource_type, resource_id, details, ip_address, user_agent, created_at
    from audit_logs
    where created_at > now() - make_interval(hours => ${AUDIT_WINDOWS[q.window]})
      and (${like}::text is null or action ilike ${like} or resource_type ilike ${like} or user_id::text ilike ${like})
      and (${q.cursor ?? null}::bigint is null or seq < ${q.cursor ?? null}::bigint)
    order by seq desc
    limit ${limit}`);
};

const present = (r: Row): AdminAuditEvent => ({
  id: r.id,
  userId: r.user_id,
  action: r.action,
  resourceType: r.resource_type,
  resourceId: r.resource_id,
  details: r.details,
  ipAddress: r.ip_address,
  userAgent: r.user_agent,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Everyone's audit log (system context), newest first, at most `limit` (≤1,000) a page. */
export const listAudit = async (db: Database, q: AdminAuditQuery): Promise<AdminAuditResponse> => {
  const { rows } = await db.asSystem((tx) => select(tx, q, q.limit + 1));
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(present),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null,
  };
};

export const AUDIT_CSV_COLUMNS = [
  'created_at',
  'user_id',
  'action',
  'resource_type',
  'resource_id',
  'details',
  'ip_address',
  'user_agent',
] as const;

/** The window and search as CSV (export audited as export_audit). */
export const exportAuditCsv = async (
  db: Database,
  adminId: string,
  q: Omit<AdminAuditQuery, 'limit' | 'cursor'>,
) => {
  const rows = await db.asSystem(async (tx) => {
    const { rows } = await select(tx, q, AUDIT_EXPORT_MAX);
    await recordAudit(tx, adminId, 'export_audit', 'audit_log', null, {
      window: q.window,
      rows: rows.length,
    });
    return rows;
  });
  return toCsv(
    AUDIT_CSV_COLUMNS,
    rows.map((r) => {
      const e = present(r);
      return [
        e.createdAt,
        e.userId,
        e.action,
        e.resourceType,
        e.resourceId,
        e.details,
        e.ipAddress,
        e.userAgent,
      ];
    }),
  );
};
