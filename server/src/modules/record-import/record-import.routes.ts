import { RecordImportPreview, RecordImportReport } from '@healthfolio/core';
import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { actingWard } from '../../auth/person-scope';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { importRecord, previewImport } from './record-import.service';

const PREVIEW_PATH = '/api/v1/records/import/preview';
const IMPORT_PATH = '/api/v1/records/import';
/** Uploads that stream through the vault's upload limit instead of the JSON body limit (app.ts). */
export const RECORD_IMPORT_PATHS = [PREVIEW_PATH, IMPORT_PATH];
const fileBody = {
  required: true,
  content: {
    'multipart/form-data': { schema: z.object({ file: z.string().openapi({ format: 'binary' }) }) },
  },
};
const refusals = problems(400, 401, 409, 413, 415, 422, 429, 503);
const base = { tags: ['Record import'], security: SESSION_SECURITY, method: 'post' as const };
const HOW =
  'multipart/form-data with `file` (a FHIR R4 bundle or NDJSON, or a C-CDA document) and the header ' +
  '`X-Requested-With: healthfolio`; a file of more than one person is refused (422); a file of someone ' +
  "else than the person imported for (the preview's `otherPerson`) is refused (409) unless the import " +
  'is sent with `?otherPerson=confirmed`';

export const recordImportRoutes = ({ storage, jobs, settings, requireUser, quotas }: AppDeps) => {
  const app = createRouter();
  app.use(PREVIEW_PATH, requireUser, quotas.upload);
  app.use(IMPORT_PATH, requireUser, quotas.upload);
  const depsOf = (c: { get(key: 'db'): AppDeps['db'] }) => ({ db: c.get('db'), storage, settings });
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;

  // Documented but not validated by the OpenAPI layer, which would buffer the whole form.
  app.openAPIRegistry.registerPath({
    ...base,
    path: PREVIEW_PATH,
    summary: `What importing a record would add, and what is already here (nothing is stored): ${HOW}`,
    request: { body: fileBody },
    responses: { 200: json(RecordImportPreview, 'Counts per kind'), ...refusals },
  });
  app.openAPIRegistry.registerPath({
    ...base,
    path: IMPORT_PATH,
    summary: `Import a record (idempotent: what is already here is skipped; the file is kept in the vault): ${HOW}`,
    request: { body: fileBody },
    responses: { 200: json(RecordImportReport, 'What was created, skipped and not understood'), ...refusals },
  });
  app.post(PREVIEW_PATH, async (c) =>
    c.json(await previewImport(depsOf(c), uid(c), c.req.raw, actingWard(c)), 200),
  );
  app.post(IMPORT_PATH, async (c) => {
    const report = await importRecord(depsOf(c), uid(c), c.req.raw, {
      otherPersonConfirmed: c.req.query('otherPerson') === 'confirmed',
      ward: actingWard(c),
    });
    jobs.wake();
    return c.json(report, 200);
  });
  return app;
};
