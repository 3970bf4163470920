import { MAINTENANCE_CODE } from '@healthfolio/core';
import { createMiddleware } from 'hono/factory';
import type { SessionResolver } from '../../auth/session';
import type { Database } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { findRoles } from '../roles/roles.repository';
import type { PlatformSettingsStore } from './platform-settings.store';

/** Still answered during maintenance: liveness, signing in (so admins can), the public status, the docs. */
const OPEN_DURING_MAINTENANCE = /^\/api\/(health$|auth\/|v1\/public\/|openapi\.json$|docs)/;

/**
 * maintenance_mode: while on, every API call of anyone but an admin answers 503 with the admin's
 * message (the web shows it instead of the page). Costs nothing while off: the settings are cached.
 */
export const maintenanceGate = (deps: {
  db: Database;
  settings: PlatformSettingsStore;
  resolveSession: SessionResolver;
}) =>
  createMiddleware(async (c, next) => {
    // Checked first: liveness must answer without reading the settings (the database may be down).
    if (OPEN_DURING_MAINTENANCE.test(c.req.path)) return next();
    const { maintenance_mode: mode } = await deps.settings.getPlatformSettings();
    if (!mode.enabled) return next();
    const resolved = await deps.resolveSession(c.req.raw.headers);
    if (resolved) {
      const roles = await deps.db.asUser(resolved.user.id, (tx) => findRoles(tx, resolved.user.id));
      if (roles.includes('admin')) return next();
    }
    throw new ProblemError(503, MAINTENANCE_CODE, mode.message, undefined, { 'retry-after': '300' });
  });
