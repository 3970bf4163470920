import {
  BillCreateRequest,
  type BillFields,
  BillListResponse,
  BillResponse,
  BillUpdateRequest,
  exportFilename,
  InsuranceExportQuery,
  type InsuranceSettingsFields,
  InsuranceSettingsRequest,
  InsuranceSettingsResponse,
  PaymentCreateRequest,
  type PaymentFields,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createBill, deleteBill, getBill, listBills, recordPayment, updateBill } from './bills.service';
import { exportYear, getSettings, saveSettings } from './settings-export.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Insurance'], security: SESSION_SECURITY };
const BILLS = '/api/v1/insurance/bills';

const list = createRoute({
  ...base,
  method: 'get',
  path: BILLS,
  summary: 'Your bills, latest due date first, each with its payments and what is outstanding',
  responses: { 200: json(BillListResponse, 'Bills'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: BILLS,
  summary: 'Add a bill',
  request: { body: jsonBody(BillCreateRequest) },
  responses: { 201: json(BillResponse, 'The bill'), ...problems(400, 401, 503) },
});
const read = createRoute({
  ...base,
  method: 'get',
  path: `${BILLS}/{id}`,
  summary: 'One of your bills',
  request: { params: IdParam },
  responses: { 200: json(BillResponse, 'The bill'), ...problems(401, 404, 503) },
});
const update = createRoute({
  ...base,
  method: 'patch',
  path: `${BILLS}/{id}`,
  summary: 'Edit a bill (its amount cannot drop below insurance covered plus what was paid)',
  request: { params: IdParam, body: jsonBody(BillUpdateRequest) },
  responses: { 200: json(BillResponse, 'The updated bill'), ...problems(400, 401, 404, 422, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: `${BILLS}/{id}`,
  summary: 'Remove a bill and its payments',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' }, ...problems(401, 404, 503) },
});
const pay = createRoute({
  ...base,
  method: 'post',
  path: `${BILLS}/{id}/payments`,
  summary: 'Record a payment, full or partial; a bill paid in full becomes paid',
  request: { params: IdParam, body: jsonBody(PaymentCreateRequest) },
  responses: {
    201: json(BillResponse, 'The bill with the payment'),
    ...problems(400, 401, 404, 409, 422, 503),
  },
});
const readSettings = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/insurance/settings',
  summary: 'Your currency and the HSA/FSA balances you entered',
  responses: { 200: json(InsuranceSettingsResponse, 'Settings'), ...problems(401, 503) },
});
const writeSettings = createRoute({
  ...base,
  method: 'put',
  path: '/api/v1/insurance/settings',
  summary: 'Set your currency and HSA/FSA balances',
  request: { body: jsonBody(InsuranceSettingsRequest) },
  responses: { 200: json(InsuranceSettingsResponse, 'Settings'), ...problems(400, 401, 503) },
});
const exportCsv = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/insurance/export.csv',
  summary: 'Claims and bills of a year as CSV (for an HSA administrator or a tax preparer)',
  request: { query: InsuranceExportQuery },
  responses: {
    200: { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: z.string() } } },
    ...problems(400, 401, 503),
  },
});

export const billsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  for (const path of ['bills', 'bills/*', 'settings', 'export.csv'])
    app.use(`/api/v1/insurance/${path}`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;
  app.openapi(list, async (c) => c.json(await listBills(c.get('db'), uid(c)), 200));
  app.openapi(create, async (c) =>
    c.json(await createBill(c.get('db'), uid(c), c.req.valid('json') as BillFields), 201),
  );
  app.openapi(read, async (c) => c.json(await getBill(c.get('db'), uid(c), id(c)), 200));
  // Merged with the stored bill in the request's own form (see plans-claims.routes.ts).
  app.openapi(update, async (c) =>
    c.json(await updateBill(c.get('db'), uid(c), id(c), (await c.req.json()) as BillUpdateRequest), 200),
  );
  app.openapi(remove, async (c) => {
    await deleteBill(c.get('db'), uid(c), id(c));
    return c.body(null, 204);
  });
  app.openapi(pay, async (c) =>
    c.json(await recordPayment(c.get('db'), uid(c), id(c), c.req.valid('json') as PaymentFields), 201),
  );
  app.openapi(readSettings, async (c) => c.json(await getSettings(c.get('db'), uid(c)), 200));
  app.openapi(writeSettings, async (c) =>
    c.json(await saveSettings(c.get('db'), uid(c), c.req.valid('json') as InsuranceSettingsFields), 200),
  );
  app.openapi(exportCsv, async (c) => {
    const { year } = c.req.valid('query');
    return c.body(await exportYear(c.get('db'), uid(c), year), 200, {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${exportFilename(year)}"`,
    });
  });
  return app;
};
