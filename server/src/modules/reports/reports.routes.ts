import { ClinicianReportQuery } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, problems, SESSION_SECURITY } from '../../http/openapi';
import { clinicianReport } from './reports.service';

const PATH = '/api/v1/reports/clinician.pdf';

const clinician = createRoute({
  tags: ['Reports'],
  security: SESSION_SECURITY,
  method: 'get',
  path: PATH,
  summary:
    'The printable clinician report for the last 14 or 90 days: AGP and consensus metrics with time in tight range, daily profiles, blood pressure, weight, medications, recent lab results and basal/bolus insulin',
  request: { query: ClinicianReportQuery },
  responses: {
    200: { description: 'PDF', content: { 'application/pdf': { schema: z.string() } } },
    ...problems(400, 401, 503),
  },
});

export const reportsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(PATH, requireUser);
  app.openapi(clinician, async (c) => {
    const { days } = c.req.valid('query');
    const { pdf, filename } = await clinicianReport(c.get('db'), c.get('user').id, days);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    });
  });
  return app;
};
