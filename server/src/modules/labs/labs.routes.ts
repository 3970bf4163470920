import {
  LabResultCreateRequest,
  type LabResultFields,
  LabResultListQuery,
  LabResultListResponse,
  LabResultResponse,
  LabResultUpdateRequest,
  LabTestSeriesResponse,
  LoincCode,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import {
  createLabResult,
  deleteLabResult,
  getLabResult,
  labTestSeries,
  listLabResults,
  updateLabResult,
} from './labs.service';

const IdParam = z.object({ id: z.string().uuid() });
const LoincParam = z.object({ loinc: LoincCode });
const base = { tags: ['Lab results'], security: SESSION_SECURITY };
const ok = (description: string) => ({ 200: json(LabResultResponse, description) });

const create = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/lab-results',
  summary: 'Add a lab result typed from a report (flagged from its reference range unless a flag is given)',
  request: { body: jsonBody(LabResultCreateRequest) },
  responses: {
    201: json(LabResultResponse, 'The lab result'),
    ...problems(400, 401, 409, 503),
  },
});
const list = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/lab-results',
  summary: 'Your lab results, latest first; narrowed by LOINC code or test name',
  request: { query: LabResultListQuery },
  responses: { 200: json(LabResultListResponse, 'Lab results'), ...problems(400, 401, 503) },
});
const series = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/lab-results/tests/{loinc}',
  summary: "One test's results, oldest first, for its trend",
  request: { params: LoincParam },
  responses: {
    200: json(LabTestSeriesResponse, 'The test and its results'),
    ...problems(400, 401, 404, 503),
  },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/lab-results/{id}',
  summary: 'One of your lab results',
  request: { params: IdParam },
  responses: { ...ok('The lab result'), ...problems(401, 404, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: '/api/v1/lab-results/{id}',
  summary: 'Correct a lab result (any fields)',
  request: { params: IdParam, body: jsonBody(LabResultUpdateRequest) },
  responses: { ...ok('The updated lab result'), ...problems(400, 401, 404, 409, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/lab-results/{id}',
  summary: 'Delete a lab result',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(401, 404, 503) },
});

export const labsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/lab-results', requireUser);
  app.use('/api/v1/lab-results/*', requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;
  app.openapi(create, async (c) =>
    c.json(await createLabResult(c.get('db'), uid(c), c.req.valid('json') as LabResultFields), 201),
  );
  app.openapi(list, async (c) =>
    c.json(await listLabResults(c.get('db'), uid(c), c.req.valid('query')), 200),
  );
  app.openapi(series, async (c) =>
    c.json(await labTestSeries(c.get('db'), uid(c), c.req.valid('param').loinc), 200),
  );
  app.openapi(read, async (c) => c.json(await getLabResult(c.get('db'), uid(c), id(c)), 200));
  app.openapi(update, async (c) =>
    c.json(await updateLabResult(c.get('db'), uid(c), id(c), c.req.valid('json')), 200),
  );
  app.openapi(remove, async (c) => {
    await deleteLabResult(c.get('db'), uid(c), id(c));
    return c.body(null, 204);
  });
  return app;
};
