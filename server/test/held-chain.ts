import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { insertAudit, recordAudit } from '../src/modules/audit/audit.service';

/**
 * An audited write of `userId`'s left open, holding their audit chain's head, until `release()`:
 * whatever then writes an audit row for them waits, and whatever does not, must not.
 */
export const holdAuditChain = async (db: Database, userId: string) => {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let wrote!: () => void;
  const written = new Promise<void>((r) => (wrote = r));
  const done = db.asUser(userId, async (tx) => {
    await insertAudit(tx, { userId, action: 'create', resourceType: 'entry', resourceId: 'held' });
    wrote();
    await released;
  });
  await written;
  return { release, done };
};

/** An audited write of `userId`'s that fails, rather than waits, if their chain is held for 3 s. */
export const auditedWriteWithoutWaiting = (db: Database, userId: string) =>
  db.asUser(userId, async (tx) => {
    await tx.execute(sql`select set_config('lock_timeout', '3s', true)`);
    await recordAudit(tx, userId, 'create', 'entry', 'meanwhile');
  });
