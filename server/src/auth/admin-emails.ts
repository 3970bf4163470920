import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { auditLogs } from '../db/schema';
import { insertAudit } from '../modules/audit/audit.service';
import { findRoles, upsertRole } from '../modules/roles/roles.repository';

/**
 * ADMIN_EMAILS bootstraps the first admins: an address on the list becomes admin at its first sign-in
 * once it is verified (an unverified address proves nothing: anyone can type it). Promotion happens
 * once. An admin demoted since (in the admin console) stays demoted: re-promoting at every sign-in
 * would silently undo the demotion. The skipped promotion is logged each time, so an operator sees
 * that the list and the roles disagree; assigning the role in the console makes them admin again.
 */
export const createAdminPromoter = (deps: { config: Config; db: Database; logger: Logger }) => {
  const listed = (email: string) => deps.config.adminEmails.includes(email.toLowerCase());

  return async (u: { id: string; email: string; emailVerified: boolean }) => {
    if (!listed(u.email) || !u.emailVerified) return;
    const outcome = await deps.db.asSystem(async (tx) => {
      if ((await findRoles(tx, u.id)).includes('admin')) return 'already';
      const promotedBefore = await tx
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.userId, u.id),
            eq(auditLogs.action, 'assign_role'),
            sql`${auditLogs.details}->>'source' = 'ADMIN_EMAILS'`,
          ),
        )
        .limit(1);
      if (promotedBefore.length) return 'demoted';
      // The promotion and its audit row (which also marks it as done once) commit together.
      await upsertRole(tx, u.id, 'admin', null);
      await insertAudit(tx, {
        userId: u.id,
        action: 'assign_role',
        resourceType: 'user',
        resourceId: u.id,
        details: { role: 'admin', source: 'ADMIN_EMAILS' },
      });
      return 'promoted';
    });
    if (outcome === 'demoted')
      deps.logger.warn(
        { userId: u.id },
        'ADMIN_EMAILS lists this account, but it was demoted after its first promotion: not re-promoting it (assign the role in the admin console, or remove the address from ADMIN_EMAILS)',
      );
  };
};
