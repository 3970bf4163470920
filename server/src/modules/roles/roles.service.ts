import {
  ADMIN_REQUIRED_MESSAGE,
  rolesSummary,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from '@healthfolio/core';
import { createMiddleware } from 'hono/factory';
import { adminSecondFactorGap } from '../../auth/second-factor';
import type { Database } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findRoles } from './roles.repository';

export const getOwnRoles = async (db: Database, userId: string) =>
  rolesSummary(await db.readAsUser(userId, (tx) => findRoles(tx, userId)));

/**
 * Admin-only routes: 403 with the spec's message for everyone else, and 403 `two_factor_required`
 * for an admin who has neither an authenticator app nor a passkey yet, `second_factor_required` for
 * an admin whose session has not passed one (a Google sign-in, until the code is confirmed).
 */
export const requireAdmin = () =>
  createMiddleware(async (c, next) => {
    // The request's handle: the refusal's audit row carries the client (modules/audit/audit-context.ts).
    const db = c.get('db');
    // Several routers guard /api/v1/admin/*; once one has let the request through, the rest do too.
    if (c.get('roles')?.includes('admin')) return next();
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
    const gap = await adminSecondFactorGap(db, c.get('user').id, c.get('user').sessionId);
    if (gap) {
      await db.asUser(c.get('user').id, (tx) =>
        recordAudit(tx, c.get('user').id, 'access_denied', 'admin', null, {
          method: c.req.method,
          path: c.req.path,
          reason: gap,
        }),
      );
      const message =
        gap === 'two_factor_required' ? TWO_FACTOR_REQUIRED_MESSAGE : SECOND_FACTOR_REQUIRED_MESSAGE;
      throw new ProblemError(403, gap, message);
    }
    c.set('roles', roles);
    await next();
  });
