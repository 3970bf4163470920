import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { RealtimeBus } from '../../realtime/bus';
import type { FileStorage } from '../../storage/file-storage';
import { insertAudit } from '../audit/audit.service';
import { auditClientOf } from '../audit/audit-context';

/**
 * The one way a person is erased — by themselves (DELETE /api/v1/me), by an admin (the console) or by
 * their guardian (households). Everything runs in the caller's owner transaction in the system context:
 *
 * - every row of theirs in every table goes with their `auth.user` row: each table's user column
 *   cascades (sessions, credentials, passkeys, two-factor, follower tokens, upload credentials, push
 *   subscriptions, shares they gave and guardianships; `erasure.test.ts` walks information_schema);
 * - their audit rows keep their id and the event: details, IP address and user agent are blanked (the
 *   rows' hashes cover a digest of those, so every chain still verifies; migration account_erasure_sql);
 * - the erasure itself is recorded with no details, IP or user agent (actor: who asked).
 *
 * Returns the stored files to delete once the transaction committed (`finishErasure`).
 */
export const erasePersonInTx = async (tx: Tx, personId: string, actorId: string | null) => {
  const files = await storedFilesOf(tx, personId);
  // The mail sent to them (addresses, subjects, undelivered bodies) names no user row to cascade from.
  await tx.execute(sql`delete from mail_outbox where user_id = ${personId} or lower(to_address) =
    (select lower(email) from auth.user where id = ${personId})`);
  await tx.execute(sql`delete from auth.user where id = ${personId}`);
  // Rows that name the person with no foreign key: better-auth's one-time values (used codes, challenges)…
  await tx.execute(
    sql`delete from auth.verification where value = ${personId} or position(${personId} in identifier) > 0`,
  );
  // Quota counters keyed by the person's id (uploads, invitations, the assistant), on PostgreSQL.
  await tx.execute(sql`delete from auth.rate_limit where position(${personId} in key) > 0`);
  await tx.execute(sql`select set_config('app.audit_erasure', 'on', true)`);
  await tx.execute(sql`
    update audit_logs set details = null, ip_address = null, user_agent = null, scrubbed_at = now()
    where user_id = ${personId} and content_digest is not null and scrubbed_at is null
      and (details is not null or ip_address is not null or user_agent is not null)`);
  await tx.execute(sql`select set_config('app.audit_erasure', 'off', true)`);
  await insertAudit(tx, {
    userId: personId,
    action: 'delete',
    resourceType: 'user',
    resourceId: personId,
    actorId: actorId ?? auditClientOf(tx).accountId,
  });
  return files;
};

/**
 * After the commit: every process forgets the person's sessions (their next request is refused), and
 * the stored files go. A file that cannot be deleted now is no longer reachable by anyone.
 */
export const finishErasure = async (
  deps: { storage: FileStorage; bus?: RealtimeBus },
  personIds: string[],
  files: string[],
) => {
  for (const id of personIds) await deps.bus?.revokeSessions(id);
  for (const id of files) await deps.storage.delete(id).catch(() => undefined);
};

/**
 * The stored files of a person: documents (insurance attachments are documents), meal photos and
 * visit packets. Deleted from storage once their rows are gone with the person.
 */
export const storedFilesOf = async (tx: Tx, personId: string) => {
  const { rows } = await tx.execute<{ storage_id: string }>(sql`
    select storage_id::text from documents where user_id = ${personId}
    union all select photo_storage_id from meal_photo_analyses
      where user_id = ${personId} and photo_storage_id is not null
    union all select storage_id::text from visit_packets
      where user_id = ${personId} and file_deleted_at is null
    union all select storage_id::text from record_exports
      where user_id = ${personId} and storage_id is not null and file_deleted_at is null`);
  return rows.map((r) => r.storage_id);
};
