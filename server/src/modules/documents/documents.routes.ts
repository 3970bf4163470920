import {
  DocumentListQuery,
  DocumentListResponse,
  DocumentResponse,
  DocumentUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { fileResponse } from './documents.presenter';
import {
  deleteDocument,
  getDocument,
  listDocuments,
  openDocumentFile,
  updateDocument,
  uploadDocument,
} from './documents.service';

export const DOCUMENTS_PATH = '/api/v1/documents';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Documents'], security: SESSION_SECURITY };

const list = createRoute({
  ...base,
  method: 'get',
  path: DOCUMENTS_PATH,
  summary: 'Your documents; `q` searches title, description, file name and the text read from the file',
  request: { query: DocumentListQuery },
  responses: { 200: json(DocumentListResponse, 'Documents'), ...problems(400, 401, 503) },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: `${DOCUMENTS_PATH}/{id}`,
  summary: 'One document (its details and text-extraction state)',
  request: { params: IdParam },
  responses: { 200: json(DocumentResponse, 'The document'), ...problems(401, 404, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: `${DOCUMENTS_PATH}/{id}`,
  summary: 'Edit the title, category, date or description',
  request: { params: IdParam, body: jsonBody(DocumentUpdateRequest) },
  responses: { 200: json(DocumentResponse, 'The document'), ...problems(400, 401, 404, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${DOCUMENTS_PATH}/{id}`,
  summary: 'Delete a document and its stored file',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(401, 404, 503) },
});
const file = createRoute({
  ...base,
  method: 'get',
  path: `${DOCUMENTS_PATH}/{id}/file`,
  summary: 'The file, as an attachment (inline only for PDF and images, for the sandboxed viewer)',
  request: { params: IdParam, query: z.object({ disposition: z.enum(['attachment', 'inline']).optional() }) },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
    ...problems(401, 404, 500, 503),
  },
});

export const documentsRoutes = ({ storage, jobs, settings, requireUser, quotas }: AppDeps) => {
  const app = createRouter();
  app.use(DOCUMENTS_PATH, requireUser, quotas.upload);
  app.use(`${DOCUMENTS_PATH}/*`, requireUser);
  // The request's database handle, so audit rows carry its client.
  const depsOf = (c: { get(key: 'db'): AppDeps['db'] }) => ({ db: c.get('db'), storage, settings });
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;

  // Documented but not validated by the OpenAPI layer, which would buffer the whole form.
  app.openAPIRegistry.registerPath({
    ...base,
    method: 'post',
    path: DOCUMENTS_PATH,
    summary:
      'Upload a document: multipart/form-data with title, category, date, description, then file, and the ' +
      'header `X-Requested-With: healthfolio` (CSRF) ' +
      '(pdf, jpg, jpeg, png, doc, docx; the bytes must match the extension; the size limit is named in the 413)',
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              title: z.string(),
              category: z.string(),
              date: z.string().optional(),
              description: z.string().optional(),
              file: z.string().openapi({ format: 'binary' }),
            }),
          },
        },
      },
    },
    responses: { 201: json(DocumentResponse, 'The document'), ...problems(400, 401, 413, 415, 429, 503) },
  });
  app.post(DOCUMENTS_PATH, async (c) => {
    const created = await uploadDocument(depsOf(c), uid(c), c.req.raw);
    jobs.wake();
    return c.json(created, 201);
  });
  app.openapi(list, async (c) => c.json(await listDocuments(c.get('db'), uid(c), c.req.valid('query')), 200));
  app.openapi(read, async (c) =>
    c.json(await getDocument(c.get('db'), uid(c), c.req.valid('param').id), 200),
  );
  app.openapi(update, async (c) =>
    c.json(await updateDocument(c.get('db'), uid(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(remove, async (c) => {
    await deleteDocument(depsOf(c), uid(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(file, async (c) => {
    const { row, stream } = await openDocumentFile(
      depsOf(c),
      uid(c),
      c.req.valid('param').id,
      c.req.valid('query').disposition === 'inline',
    );
    return fileResponse(row, stream, c.req.valid('query').disposition === 'inline');
  });
  return app;
};
