import { Readable } from 'node:stream';
import { localDate } from '@healthfolio/core';
import {
  CsvTracker,
  LatestRecordExportResponse,
  RecordExportResponse,
  recordExportFileName,
  trackerCsvFileName,
} from '@healthfolio/core/export/record-export.schema';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { contentDisposition } from '../documents/documents.presenter';
import {
  auditCsvDownload,
  getExport,
  latestExport,
  openExportFile,
  startExport,
} from './record-export.service';
import { trackerCsv } from './tracker-csv';

export const EXPORT_PATH = '/api/v1/export';
const RECORD = `${EXPORT_PATH}/record`;
const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Your data'], security: SESSION_SECURITY };

const start = createRoute({
  ...base,
  method: 'post',
  path: RECORD,
  summary:
    'Export my record: starts building one FHIR R4 Bundle (type collection) of the whole record in the background; one export at a time (409)',
  responses: { 202: json(RecordExportResponse, 'The export, queued'), ...problems(401, 409, 503) },
});
const latest = createRoute({
  ...base,
  method: 'get',
  path: RECORD,
  summary: 'The latest export of the record: status, progress, and until when it can be downloaded',
  responses: { 200: json(LatestRecordExportResponse, 'The latest export, or null'), ...problems(401, 503) },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: `${RECORD}/{id}`,
  summary: 'One export: status and progress (poll while it runs)',
  request: { params: IdParam },
  responses: { 200: json(RecordExportResponse, 'The export'), ...problems(401, 404, 503) },
});
const file = createRoute({
  ...base,
  method: 'get',
  path: `${RECORD}/{id}/file`,
  summary:
    'The FHIR R4 Bundle as a JSON attachment, for 24 hours after it was ready (409 while it is being made, 410 after)',
  request: { params: IdParam },
  responses: {
    200: {
      description: 'The bundle (application/fhir+json)',
      content: { 'application/octet-stream': { schema: z.string() } },
    },
    ...problems(401, 404, 409, 410, 503),
  },
});
const csv = createRoute({
  ...base,
  method: 'get',
  path: `${EXPORT_PATH}/csv/{tracker}`,
  summary:
    'One tracker as CSV, oldest first: ISO 8601 times with the profile time zone’s offset, glucose in the person’s unit (named in the header)',
  request: { params: z.object({ tracker: CsvTracker }) },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...problems(400, 401, 503),
  },
});

const download = (body: Readable, type: string, name: string, size?: number) =>
  new Response(Readable.toWeb(body) as ReadableStream, {
    status: 200,
    headers: {
      'content-type': type,
      ...(size === undefined ? {} : { 'content-length': String(size) }),
      'content-disposition': contentDisposition('attachment', name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });

/** "Your data": the record's export and the trackers' CSV files, for the acted-for person only. */
export const recordExportRoutes = ({ storage, jobs, requireUser }: AppDeps) => {
  const app = createRouter();
  app.use(`${EXPORT_PATH}/*`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  app.openapi(start, async (c) => {
    const created = await startExport(c.get('db'), uid(c));
    jobs.wake();
    return c.json(created, 202);
  });
  app.openapi(latest, async (c) => c.json(await latestExport(c.get('db'), uid(c)), 200));
  app.openapi(read, async (c) => c.json(await getExport(c.get('db'), uid(c), c.req.valid('param').id), 200));
  app.openapi(file, async (c) => {
    const { row, stream } = await openExportFile(c.get('db'), storage, uid(c), c.req.valid('param').id);
    const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
    return download(stream, 'application/fhir+json', recordExportFileName(day), row.fileSize ?? undefined);
  });
  app.openapi(csv, async (c) => {
    const { tracker } = c.req.valid('param');
    const body = await trackerCsv(c.get('db'), uid(c), tracker);
    await auditCsvDownload(c.get('db'), uid(c), tracker);
    return download(
      body,
      'text/csv; charset=utf-8',
      trackerCsvFileName(tracker, localDate(new Date(), 'UTC')),
    );
  });
  return app;
};
