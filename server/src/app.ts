import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from './app-deps';
import { authRoutes } from './auth/auth.routes';
import { secondFactorRoutes } from './auth/second-factor.routes';
import { registerDocs } from './http/api-docs';
import './http/context';
import { compressResponses, VARY } from './http/compress-responses';
import { errorHandler, notFoundHandler } from './http/errors';
import { fixedHeaders } from './http/fixed-headers';
import { ProblemError, problemResponse } from './http/problem';
import { limitJsonDepth, refuseControlCharactersInPath } from './http/request-guards';
import { requestLog } from './http/request-log';
import { clientAddress, csrfProtection, ownOrigins, securityHeaders } from './http/security';
import { mountWebApp, webStyleHashes } from './http/static';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { maintenanceGate } from './modules/admin/maintenance-gate';
import { publicRoutes } from './modules/admin/public.routes';
import { chatRoutes } from './modules/ai/chat.routes';
import { MEAL_PHOTO_PATH, mealAnalysisRoutes } from './modules/ai/meal-analysis.routes';
import { glucoseAlarmRoutes } from './modules/alarms/alarms.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { calendarFeedRoutes } from './modules/appointments/calendar-feed.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { auditClientContext } from './modules/audit/audit-context';
import { devicesRoutes } from './modules/devices/devices.routes';
import { terraWebhookRoutes } from './modules/devices/terra-webhook.routes';
import { DOCUMENTS_PATH, documentsRoutes } from './modules/documents/documents.routes';
import { entriesRoutes } from './modules/entries/entries.routes';
import { foodsRoutes } from './modules/foods/foods.routes';
import { glucoseRoutes } from './modules/glucose/glucose.routes';
import { glucoseTargetsRoutes } from './modules/glucose/glucose-targets.routes';
import { healthRoutes } from './modules/health/health.routes';
import { healthSummaryRoutes } from './modules/health-summary/health-summary.routes';
import { BRANDS_PATH } from './modules/health-systems/admin-health-systems.routes';
import { healthSystemsRoutes } from './modules/health-systems/health-systems.routes';
import { householdRoutes } from './modules/household/household.routes';
import { householdFollowersRoutes } from './modules/household/household-followers.routes';
import { hypoRoutes } from './modules/hypo/hypo.routes';
import { billsRoutes } from './modules/insurance/bills.routes';
import { plansClaimsRoutes } from './modules/insurance/plans-claims.routes';
import { labsRoutes } from './modules/labs/labs.routes';
import { medicationsRoutes } from './modules/medications/medications.routes';
import { loopStatusRoutes } from './modules/nightscout/loop-status.routes';
import { nightscoutSourceRoutes } from './modules/nightscout/nightscout-source.routes';
import { nsApiRoutes } from './modules/nightscout/ns-api.routes';
import { nsCredentialsRoutes } from './modules/nightscout/ns-credentials.routes';
import { nsFollowersRoutes } from './modules/nightscout/ns-followers.routes';
import { nsRootDispatch } from './modules/nightscout/ns-root';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notificationsStreamRoutes } from './modules/notifications/notifications-stream.routes';
import { packetsRoutes } from './modules/packets/packets.routes';
import { SHL_PATHS, shlCors, shlRoutes } from './modules/packets/shl.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { pushRoutes } from './modules/push/push.routes';
import { recordExportRoutes } from './modules/record-export/record-export.routes';
import { RECORD_IMPORT_PATHS, recordImportRoutes } from './modules/record-import/record-import.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { privateLinkHeaders, SHARE_LINK_PATHS, sharedViewRoutes } from './modules/sharing/shared-view.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { vendorPullRoutes } from './modules/vendor-pulls/vendor-pull.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export const createApp = (deps: AppDeps) => {
  const { config, logger } = deps;
  const app = new OpenAPIHono();
  app.use(
    '*',
    fixedHeaders(
      [...securityHeaders(config.https, webStyleHashes(config.webDist)), VARY],
      // The API's and the Nightscout uploaders' answers are private and current.
      [['Cache-Control', 'no-store']],
      ['/api/', '/ns/'],
    ),
  );
  app.use('*', clientAddress(config.trustProxy));
  app.use('*', auditClientContext(deps.db));
  for (const path of [...SHARE_LINK_PATHS, SHL_PATHS, '/shl']) app.use(path, privateLinkHeaders);
  app.use(SHL_PATHS, shlCors);
  app.use('*', compressResponses());
  app.use('/api/*', requestLog(logger, deps.metrics));
  app.use('/api/*', refuseControlCharactersInPath);
  // Nightscout at the site's root for requests that carry a Nightscout credential (follower apps, Loop).
  app.use('*', nsRootDispatch(deps));
  // The Nightscout-compatible upload API: phone apps, no cookies (so no CSRF check), its own body limit.
  app.use('/ns/*', requestLog(logger));
  app.use('/webhooks/*', requestLog(logger));
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) =>
      problemResponse(c, new ProblemError(413, 'payload_too_large', 'The request body is larger than 1 MB.')),
  });
  // Reading `body` makes @hono/node-server build a full Request (and an AbortController) for every
  // call; GET and HEAD carry no body, so they skip the check (a third of the middleware's cost).
  // File uploads stream through their own limit (modules/documents/upload-limit.ts).
  const streamedUploads = new Set([DOCUMENTS_PATH, ...RECORD_IMPORT_PATHS, BRANDS_PATH]);
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    (c.req.method === 'POST' && streamedUploads.has(c.req.path)) ||
    c.req.path === MEAL_PHOTO_PATH
      ? next() // uploads and meal photos have their own, larger limits
      : limitBody(c, async () => void (await limitJsonDepth(c, next))),
  );
  const sameOrigin = csrfProtection(ownOrigins(config.appUrl));
  // The SHL manifest is called cross-origin by clinic apps, with no cookie: the passcode is its credential.
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/shl/') ? next() : sameOrigin(c, next)));
  app.use('/api/*', maintenanceGate(deps));

  app.route('/', authRoutes(deps));
  app.route('/', healthRoutes(deps));
  app.route('/', householdRoutes(deps));
  app.route('/', householdFollowersRoutes(deps));
  app.route('/', profilesRoutes(deps));
  app.route('/', rolesRoutes(deps));
  app.route('/', secondFactorRoutes(deps));
  app.route('/', accountRoutes(deps));
  app.route('/', servicesRoutes(deps));
  app.route('/', entriesRoutes(deps));
  app.route('/', glucoseRoutes(deps));
  app.route('/', glucoseTargetsRoutes(deps));
  app.route('/', foodsRoutes(deps));
  // The stream before the other notification routes, so /stream is not read as an {id}.
  app.route('/', notificationsStreamRoutes(deps));
  app.route('/', notificationsRoutes(deps));
  app.route('/', medicationsRoutes(deps));
  app.route('/', appointmentsRoutes(deps));
  app.route('/', labsRoutes(deps));
  app.route('/', calendarFeedRoutes(deps));
  app.route('/', auditRoutes(deps));
  app.route('/', hypoRoutes(deps));
  app.route('/', glucoseAlarmRoutes(deps));
  app.route('/', pushRoutes(deps));
  app.route('/', plansClaimsRoutes(deps));
  app.route('/', billsRoutes(deps));
  app.route('/', sharingRoutes(deps));
  app.route('/', sharedViewRoutes(deps));
  app.route('/', packetsRoutes(deps));
  app.route('/', recordExportRoutes(deps));
  app.route('/', recordImportRoutes(deps));
  app.route('/', healthSystemsRoutes(deps));
  app.route('/', healthSummaryRoutes(deps));
  app.route('/', reportsRoutes(deps));
  app.route('/', shlRoutes(deps));
  app.route('/', documentsRoutes(deps));
  app.route('/', adminRoutes(deps));
  app.route('/', publicRoutes(deps));
  app.route('/', nsCredentialsRoutes(deps));
  app.route('/', nsFollowersRoutes(deps));
  app.route('/', loopStatusRoutes(deps));
  app.route('/', nightscoutSourceRoutes(deps));
  app.route('/', vendorPullRoutes(deps));
  app.route('/', devicesRoutes(deps));
  app.route('/', terraWebhookRoutes(deps));
  app.route('/', nsApiRoutes(deps));
  app.route('/', chatRoutes(deps));
  app.route('/', mealAnalysisRoutes(deps));
  registerDocs(app, config.appUrl);

  app.all('/api/*', notFoundHandler(app));
  mountWebApp(app, config.webDist);
  app.onError(errorHandler(logger));
  return app;
};
