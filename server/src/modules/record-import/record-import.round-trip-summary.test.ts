import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';
import { PORTAL_RECORD, RXNORM } from './record-import.round-trip.fixtures';

/**
 * The rest of the round trip (record-import.round-trip.test.ts has the trackers, readings, labs,
 * appointments, plans and claims): the Health Summary a record import brought, bills with their
 * payments and receipt, and the vault's own copy of that imported record (a JSON file, which the
 * vault takes from no upload, kept again because it is a record the import reads).
 */
let server: TestServer;
let erin: TestClient;
let frank: TestClient;

const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
};

const importFile = async (client: TestClient, bytes: Uint8Array, name: string) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  return created(
    await server.app.request('/api/v1/records/import', {
      method: 'POST',
      body,
      headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
    }),
  );
};

beforeAll(async () => {
  server = await createTestServer();
  ({ client: erin } = await signUpAndSignIn(server, 'erin-roundtrip@example.com'));
  ({ client: frank } = await signUpAndSignIn(server, 'frank-roundtrip@example.com'));
  const portal = await importFile(erin, Buffer.from(JSON.stringify(PORTAL_RECORD)), 'portal-record.json');
  expect(portal.created).toMatchObject({
    conditions: 2,
    allergies: 1,
    immunizations: 2,
    procedures: 1,
    medications: 2,
  });
  const receipt = await created(
    await uploadDocument(server, erin, {
      file: pdfWith('dentist-receipt'),
      name: 'receipt.pdf',
      title: 'Dentist receipt',
      category: 'Other',
      date: '2025-10-02',
    }),
  );
  const bill = (body: Record<string, unknown>) => erin.post('/api/v1/insurance/bills', body);
  const paid = await created(
    await bill({
      provider: 'Bright Smile Dental',
      amount: '300.30',
      insuranceCovered: '100.10',
      dueDate: '2025-10-20',
      category: 'Dental',
      description: 'Cleaning and X-rays',
      receiptDocumentId: receipt.id,
    }),
  );
  await created(
    await erin.post(`/api/v1/insurance/bills/${paid.id}/payments`, {
      amount: '50.05',
      paidOn: '2025-10-05',
      note: 'First half',
    }),
  );
  await created(
    await erin.post(`/api/v1/insurance/bills/${paid.id}/payments`, {
      amount: '150.15',
      paidOn: '2025-10-19',
    }),
  );
  const partial = await created(
    await bill({
      provider: 'Springfield Clinic',
      amount: '1234.56',
      dueDate: '2025-11-05',
      category: 'Doctor Visits',
    }),
  );
  await created(
    await erin.post(`/api/v1/insurance/bills/${partial.id}/payments`, {
      amount: '34.56',
      paidOn: '2025-11-01',
    }),
  );
  await created(
    await bill({
      provider: 'Pharmacy',
      amount: '19.99',
      dueDate: '2025-09-01',
      status: 'overdue',
      category: 'Prescriptions',
    }),
  );
  await created(
    await bill({
      provider: 'Walk-in Lab',
      amount: '45',
      dueDate: '2025-12-01',
      status: 'paid',
      category: 'Lab Work',
    }),
  );
}, 120_000);
afterAll(() => server.close());

const items = async (client: TestClient, path: string) => (await (await client.get(path)).json()).items;

/** The Health Summary without ids and the document each item came from (a different one in each record). */
const summaryOf = async (client: TestClient) =>
  (await items(client, '/api/v1/health-summary')).map(
    ({ id: _i, sourceDocumentId: _d, sourceDocumentTitle: _t, ...item }: Record<string, unknown>) => item,
  );

const billsOf = async (client: TestClient) =>
  (await items(client, '/api/v1/insurance/bills')).map(
    ({
      id: _i,
      createdAt: _c,
      updatedAt: _u,
      receiptDocumentId: _r,
      receiptDocument,
      payments,
      ...b
    }: Record<string, unknown>) => ({
      ...b,
      receipt: (receiptDocument as { title: string } | null)?.title ?? null,
      payments: (payments as Record<string, unknown>[]).map(({ id: _p, createdAt: _pc, ...p }) => p),
    }),
  );

/** The vault's documents, oldest first, with their files. */
const documentsOf = async (client: TestClient) => {
  const list = (await items(client, '/api/v1/documents')) as Record<string, string | number>[];
  return Promise.all(
    list
      .sort((a, b) => String(a.fileName).localeCompare(String(b.fileName)))
      .map(async (d) => ({
        title: d.title,
        category: d.category,
        date: d.date,
        description: d.description,
        fileName: d.fileName,
        fileSize: d.fileSize,
        fileType: d.fileType,
        bytes: Buffer.from(await (await client.get(`/api/v1/documents/${d.id}/file`)).arrayBuffer()),
      })),
  );
};

const exportOf = async (client: TestClient) => {
  const started = await created(await client.post('/api/v1/export/record', {}));
  await server.deps.jobs.runOnce();
  const file = await client.get(`/api/v1/export/record/${started.id}/file`);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
};

describe('A Healthfolio export imported into an empty record, continued', () => {
  it('keeps every Health Summary item, every bill with its values and every document', async () => {
    const report = await importFile(frank, await exportOf(erin), 'healthfolio-record.json');
    expect(report.created).toMatchObject({
      conditions: 2,
      allergies: 1,
      immunizations: 2,
      procedures: 1,
      medications: 2,
      bills: 4,
    });
    const summary = await summaryOf(erin);
    expect(summary).toHaveLength(8);
    expect(await summaryOf(frank)).toEqual(summary);
    expect(summary.find((i: { text: string }) => i.text === 'Penicillin G')).toMatchObject({
      kind: 'allergy',
      codeSystem: RXNORM,
      code: '7980',
      status: 'active',
      onsetAt: '2001',
      recordedAt: '2015-06-01',
      details: { Reaction: 'Hives, Wheezing', Severity: 'moderate', Criticality: 'high' },
    });
    expect(summary.find((i: { text: string }) => i.text === 'MMR')).toMatchObject({ onsetAt: null });

    const bills = await billsOf(erin);
    expect(bills.map((b: { status: string }) => b.status).sort()).toEqual([
      'overdue',
      'paid',
      'paid',
      'partial',
    ]);
    expect(await billsOf(frank)).toEqual(bills);
    expect(bills.find((b: { provider: string }) => b.provider === 'Bright Smile Dental')).toMatchObject({
      amountCents: 30030,
      insuranceCoveredCents: 10010,
      paidCents: 20020,
      category: 'Dental',
      description: 'Cleaning and X-rays',
      receipt: 'Dentist receipt',
      payments: [
        { amountCents: 5005, paidOn: '2025-10-05', note: 'First half' },
        { amountCents: 15015, paidOn: '2025-10-19', note: null },
      ],
    });

    // The vault's documents, the copy it kept of the portal's record among them, byte for byte
    // (the export file's own copy, which the import keeps, aside).
    expect(report.notUnderstood.filter((n: { what: string }) => n.what === 'Documents')).toEqual([]);
    expect(report.created.documents).toBe(2);
    const docs = await documentsOf(erin);
    expect(docs.map((d) => d.fileName).sort()).toEqual(['portal-record.json', 'receipt.pdf']);
    const copies = (await documentsOf(frank)).filter((d) => d.fileName !== 'healthfolio-record.json');
    expect(copies.map(({ bytes: _, ...d }) => d)).toEqual(docs.map(({ bytes: _, ...d }) => d));
    for (const [i, d] of docs.entries()) expect(copies[i]?.bytes.equals(d.bytes)).toBe(true);
    expect(docs.find((d) => d.fileName === 'portal-record.json')).toMatchObject({
      title: 'Imported record (FHIR R4 bundle)',
      category: 'Medical History',
      fileType: 'application/fhir+json',
    });

    // Importing the same file again adds nothing.
    const again = await importFile(frank, await exportOf(erin), 'healthfolio-record.json');
    expect(again.created).toMatchObject({
      conditions: 0,
      allergies: 0,
      immunizations: 0,
      procedures: 0,
      medications: 0,
      bills: 0,
    });
    expect(again.skipped).toMatchObject({ bills: 4, medications: 2 });
    expect(await billsOf(frank)).toHaveLength(4);
  }, 120_000);
});
