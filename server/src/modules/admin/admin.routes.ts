import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { adminHealthSystemsRoutes } from '../health-systems/admin-health-systems.routes';
import { adminBackupsRoutes } from './admin-backups.routes';
import { adminCommunicationRoutes } from './admin-communication.routes';
import { adminHouseholdsRoutes } from './admin-households';
import { adminInsightsRoutes } from './admin-insights.routes';
import { adminSettingsRoutes } from './admin-settings.routes';
import { adminSharesRoutes } from './admin-shares.routes';
import { adminUsersRoutes } from './admin-users.routes';

/** Every /api/v1/admin/* route of the console; each router guards its own paths (requireAdmin). */
export const adminRoutes = (deps: AppDeps) => {
  const app = new OpenAPIHono();
  app.route('/', adminSettingsRoutes(deps));
  // Before the users router, so /admin/users/export is not read as a user id.
  app.route('/', adminBackupsRoutes(deps));
  app.route('/', adminUsersRoutes(deps));
  app.route('/', adminSharesRoutes(deps));
  app.route('/', adminHouseholdsRoutes(deps));
  app.route('/', adminCommunicationRoutes(deps));
  app.route('/', adminInsightsRoutes(deps));
  app.route('/', adminHealthSystemsRoutes(deps));
  return app;
};
