import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import type { AppDeps } from './app-deps';
import { authRoutes } from './auth/auth.routes';
import { secondFactorRoutes } from './auth/second-factor.routes';
import { registerDocs } from './http/api-docs';
import './http/context';
import { errorHandler, notFoundHandler } from './http/errors';
import { ProblemError, problemResponse } from './http/problem';
import { requestLog } from './http/request-log';
import { clientAddress, csrfProtection, securityHeaders } from './http/security';
import { mountWebApp, webStyleHashes } from './http/static';
import { chatRoutes } from './modules/ai/chat.routes';
import { MEAL_PHOTO_PATH, mealAnalysisRoutes } from './modules/ai/meal-analysis.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { calendarFeedRoutes } from './modules/appointments/calendar-feed.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { auditClientContext } from './modules/audit/audit-context';
import { entriesRoutes } from './modules/entries/entries.routes';
import { foodsRoutes } from './modules/foods/foods.routes';
import { glucoseRoutes } from './modules/glucose/glucose.routes';
import { healthRoutes } from './modules/health/health.routes';
import { medicationsRoutes } from './modules/medications/medications.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notificationsStreamRoutes } from './modules/notifications/notifications-stream.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { servicesRoutes } from './modules/services/services.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export const createApp = (deps: AppDeps) => {
  const { config, logger } = deps;
  const app = new OpenAPIHono();
  app.use('*', requestId());
  app.use('*', clientAddress(config.trustProxy));
  app.use('/api/*', auditClientContext());
  app.use('*', securityHeaders(config.https, webStyleHashes(config.webDist)));
  app.use('*', compress());
  app.use('/api/*', requestLog(logger));
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store');
  });
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) =>
      problemResponse(c, new ProblemError(413, 'payload_too_large', 'The request body is larger than 1 MB.')),
  });
  // Reading `body` makes @hono/node-server build a full Request (and an AbortController) for every
  // call; GET and HEAD carry no body, so they skip the check (a third of the middleware's cost).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === MEAL_PHOTO_PATH
      ? next() // a meal photo has its own, larger limit (modules/ai/meal-analysis.routes.ts)
      : limitBody(c, next),
  );
  app.use('/api/*', csrfProtection([new URL(config.appUrl).origin]));

  app.route('/', authRoutes(deps));
  app.route('/', healthRoutes(deps));
  app.route('/', profilesRoutes(deps));
  app.route('/', rolesRoutes(deps));
  app.route('/', secondFactorRoutes(deps));
  app.route('/', servicesRoutes(deps));
  app.route('/', entriesRoutes(deps));
  app.route('/', glucoseRoutes(deps));
  app.route('/', foodsRoutes(deps));
  // The stream before the other notification routes, so /stream is not read as an {id}.
  app.route('/', notificationsStreamRoutes(deps));
  app.route('/', notificationsRoutes(deps));
  app.route('/', medicationsRoutes(deps));
  app.route('/', appointmentsRoutes(deps));
  app.route('/', calendarFeedRoutes(deps));
  app.route('/', auditRoutes(deps));
  app.route('/', chatRoutes(deps));
  app.route('/', mealAnalysisRoutes(deps));
  registerDocs(app);

  app.all('/api/*', notFoundHandler(app));
  mountWebApp(app, config.webDist);
  app.onError(errorHandler(logger));
  return app;
};
