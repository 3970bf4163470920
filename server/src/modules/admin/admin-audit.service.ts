import {
  type AdminAuditEvent,
  type AdminAuditQuery,
  type AdminAuditResponse,
  AUDIT_WINDOWS,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { auditDetail, resourceTypesCalled } from '../audit/audit-sentence';
import { deviceName } from '../audit/user-agent';
import { adminAuditSentence, type Person } from './admin-audit-sentence';
import { adminAccountTx } from './admin-tx';
import { toCsv } from './csv';

/** A CSV export stops here; narrow the window or the search for more. */
export const AUDIT_EXPORT_MAX = 100_000;

type Row = {
  id: string;
  seq: string | number;
  user_id: string | null;
  actor_id: string | null;
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
  // A kind of record is found by its stored name (the ilike) or by the words the console shows for it.
  const types = q.q ? resourceTypesCalled(q.q) : [];
  const called = types.length
    ? sql`or resource_type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  return tx.execute<Row>(sql`
    select id, seq, user_id, actor_id, action, resource_type, resource_id, details, ip_address, user_agent, created_at
    from audit_logs
    where created_at > now() - make_interval(hours => ${AUDIT_WINDOWS[q.window]})
      and (${like}::text is null or action ilike ${like} or resource_type ilike ${like} or user_id::text ilike ${like} ${called}
        or user_id in (select u.id from auth.user u left join profiles p on p.user_id = u.id
          where u.email ilike ${like} or p.display_name ilike ${like}))
      and (${q.cursor ?? null}::bigint is null or seq < ${q.cursor ?? null}::bigint)
    order by seq desc
    limit ${limit}`);
};

type People = ReadonlyMap<string, Person>;

/**
 * Names and emails of the people a page of rows speaks of: whose log, who acted, whose account an admin
 * changed. A person kept by a guardian has no sign-in, so no email is shown for them.
 */
const selectPeople = async (tx: Tx, rows: Row[]): Promise<People> => {
  const ids = [
    ...new Set(
      rows.flatMap((r) => [
        r.user_id,
        r.actor_id,
        r.resource_type === 'user' && /^[0-9a-f-]{36}$/i.test(r.resource_id ?? '') ? r.resource_id : null,
      ]),
    ),
  ].filter((id): id is string => !!id);
  if (!ids.length) return new Map();
  const { rows: found } = await tx.execute<{
    id: string;
    name: string | null;
    email: string;
    status: string;
  }>(sql`
    select u.id, p.display_name as name, u.email, u.status
    from auth.user u left join profiles p on p.user_id = u.id
    where u.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(
    found.map((f) => [
      f.id,
      { name: f.name?.trim() || f.email, email: f.status === 'dependent' ? null : f.email },
    ]),
  );
};

const GONE = 'Someone who no longer has an account';

const present = (r: Row, people: People): AdminAuditEvent => {
  const named = (id: string | null) => (id ? (people.get(id)?.name ?? GONE) : 'The system');
  const facts = {
    action: r.action,
    resourceType: r.resource_type,
    resourceId: r.resource_id,
    details: r.details,
  };
  const actedForThem = r.actor_id && r.actor_id !== r.user_id;
  return {
    id: r.id,
    userId: r.user_id,
    action: r.action,
    resourceType: r.resource_type,
    resourceId: r.resource_id,
    details: r.details,
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    createdAt: new Date(r.created_at).toISOString(),
    summary: adminAuditSentence(facts, r.user_id, named),
    detail:
      [auditDetail(r), actedForThem ? `By ${named(r.actor_id)}` : null].filter(Boolean).join('. ') || null,
    device: deviceName(r.user_agent),
    person: r.user_id ? (people.get(r.user_id) ?? { name: GONE, email: null }) : null,
  };
};

const presentAll = async (tx: Tx, rows: Row[]) => {
  const people = await selectPeople(tx, rows);
  return rows.map((r) => present(r, people));
};

/** Everyone's audit log (system context; account names from auth.user), newest first, at most `limit` (≤1,000) a page. */
export const listAudit = async (db: Database, q: AdminAuditQuery): Promise<AdminAuditResponse> => {
  const { rows, items } = await adminAccountTx(db, async (tx) => {
    const { rows } = await select(tx, q, q.limit + 1);
    return { rows, items: await presentAll(tx, rows.slice(0, q.limit)) };
  });
  const page = rows.slice(0, q.limit);
  return {
    items,
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null,
  };
};

export const AUDIT_CSV_COLUMNS = [
  'created_at',
  'what_happened',
  'person',
  'email',
  'browser',
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
  const events = await adminAccountTx(db, async (tx) => {
    const { rows } = await select(tx, q, AUDIT_EXPORT_MAX);
    await recordAudit(tx, adminId, 'export_audit', 'audit_log', null, {
      window: q.window,
      rows: rows.length,
    });
    return presentAll(tx, rows);
  });
  return toCsv(
    AUDIT_CSV_COLUMNS,
    events.map((e) => {
      return [
        e.createdAt,
        e.summary,
        e.person?.name ?? null,
        e.person?.email ?? null,
        e.device,
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
