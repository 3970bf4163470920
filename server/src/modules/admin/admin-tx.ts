import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { withClientOf } from '../audit/audit-context';

/**
 * One transaction over the account tables (auth.user, reached only by the owner connection) and the
 * app's tables in the system context (app.system on, so forced RLS lets it through): an account's
 * role, status and audit row change together. With `lockAdmins`, concurrent role and status changes
 * queue behind one advisory lock, so two admins cannot each remove the other and leave none.
 */
export const adminAccountTx = <T>(db: Database, fn: (tx: Tx) => Promise<T>, lockAdmins = false) =>
  db.owner.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.system', 'on', true)`);
    if (lockAdmins) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('healthfolio.admins'))`);
    return fn(withClientOf(db, tx as unknown as Tx));
  });
