import type { AuditListQuery, AuditListResponse } from '@healthfolio/core';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { profiles } from '../../db/schema';
import { presentAuditEvent } from './audit.presenter';
import { selectUserAudit } from './audit.repository';

/**
 * The names of the accounts that acted for the person (guardians): "by Sam", their profile's name (else
 * their account's). Read as the system: those accounts' profiles are not the person's.
 */
const actorNames = async (db: Database, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.readAsSystem((tx) =>
    tx
      .select({ id: profiles.userId, name: profiles.displayName })
      .from(profiles)
      .where(inArray(profiles.userId, [...new Set(ids)])),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** The signed-in user's own audit history (RLS and the query both scope it to them). */
export const listOwnAudit = async (
  db: Database,
  userId: string,
  q: AuditListQuery,
): Promise<AuditListResponse> => {
  const rows = await db.readAsUser(userId, (tx) =>
    selectUserAudit(tx, userId, q.limit + 1, q.cursor ? Number(q.cursor) : undefined),
  );
  const page = rows.slice(0, q.limit);
  // After the read (on PGlite the one connection is the transaction's until it ends).
  const actors = await actorNames(
    db,
    page.flatMap((r) => (r.actorId && r.actorId !== r.userId ? [r.actorId] : [])),
  );
  return {
    items: page.map((r) => presentAuditEvent(r, actors)),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.seq) : null,
  };
};
