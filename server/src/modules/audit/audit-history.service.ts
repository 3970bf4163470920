import type { AuditListQuery, AuditListResponse } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { presentAuditEvent } from './audit.presenter';
import { selectUserAudit } from './audit.repository';

/** The signed-in user's own audit history (RLS and the query both scope it to them). */
export const listOwnAudit = (db: Database, userId: string, q: AuditListQuery): Promise<AuditListResponse> =>
  db.readAsUser(userId, async (tx) => {
    const rows = await selectUserAudit(tx, userId, q.limit + 1, q.cursor ? Number(q.cursor) : undefined);
    const page = rows.slice(0, q.limit);
    return {
      items: page.map(presentAuditEvent),
      nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null,
    };
  });
