import {
  ADMIN_REQUIRED_MESSAGE,
  type Role,
  rolesSummary,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { hasSecondFactor } from '../../auth/second-factor';
import type { Database } from '../../db/database';
import { user } from '../../db/schema';
import { notFound, ProblemError } from '../../http/problem';
import { insertAudit, recordAudit } from '../audit/audit.service';
import { findRoles, upsertRole } from './roles.repository';

export const getOwnRoles = async (db: Database, userId: string) =>
  rolesSummary(await db.readAsUser(userId, (tx) => findRoles(tx, userId)));

/**
 * Admin-only routes: 403 with the spec's message for everyone else, and 403 `two_factor_required`
 * for an admin who has neither an authenticator app nor a passkey yet.
 */
export const requireAdmin = (db: Database) =>
  createMiddleware(async (c, next) => {
    const roles = await db.readAsUser(c.get('user').id, (tx) => findRoles(tx, c.get('user').id));
    if (!roles.includes('admin')) {
      await db.asUser(c.get('user').id, (tx) =>
        recordAudit(tx, c.get('user').id, 'access_denied', 'admin', null, {
          method: c.req.method,
          path: c.req.path,
        }),
      );
      throw new ProblemError(403, 'forbidden', ADMIN_REQUIRED_MESSAGE);
    }
    if (!(await hasSecondFactor(db, c.get('user').id))) {
      await db.asUser(c.get('user').id, (tx) =>
        recordAudit(tx, c.get('user').id, 'access_denied', 'admin', null, {
          method: c.req.method,
          path: c.req.path,
          reason: 'two_factor_required',
        }),
      );
      throw new ProblemError(403, 'two_factor_required', TWO_FACTOR_REQUIRED_MESSAGE);
    }
    c.set('roles', roles);
    await next();
  });

export const assignRole = async (
  deps: { db: Database },
  actor: { id: string; ipAddress: string; userAgent: string | null },
  targetUserId: string,
  role: Role,
) => {
  const [target] = await deps.db.owner.select({ id: user.id }).from(user).where(eq(user.id, targetUserId));
  if (!target) throw notFound('No user with this id');
  const [row] = await deps.db.asSystem(async (tx) => {
    const rows = await upsertRole(tx, targetUserId, role, actor.id);
    await insertAudit(tx, {
      userId: actor.id,
      action: 'assign_role',
      resourceType: 'user',
      resourceId: targetUserId,
      details: { role },
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
    });
    return rows;
  });
  return { userId: row!.userId, role: row!.role as Role, assignedBy: row!.assignedBy };
};
