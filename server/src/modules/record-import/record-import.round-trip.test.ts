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

let server: TestServer;
let carol: TestClient;
let dave: TestClient;
const HOUR = 3_600_000;

const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  server = await createTestServer();
  ({ client: carol } = await signUpAndSignIn(server, 'carol-roundtrip@example.com'));
  ({ client: dave } = await signUpAndSignIn(server, 'dave-roundtrip@example.com'));
  await carol.patch('/api/v1/profile', { glucoseUnit: 'mmol/L' });
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  await created(
    await carol.post('/api/v1/glucose/readings/batch', {
      source: 'import:libreview',
      readings: Array.from({ length: 36 }, (_, i) => ({ at: at(30 + i / 12), mgdl: 100 + i })),
    }),
  );
  const entry = (tracker: string, data: Record<string, unknown>, hoursAgo: number, notes?: string) =>
    carol.post('/api/v1/entries', { tracker, occurredAt: at(hoursAgo), data, ...(notes ? { notes } : {}) });
  await created(await entry('blood-glucose', { glucose: 99, timing: 'fasting' }, 3, 'before lunch'));
  await created(await entry('blood-glucose', { glucose: 142 }, 4));
  await created(await entry('blood-pressure', { systolic: 128, diastolic: 82 }, 5, 'after a walk'));
  await created(await entry('weight', { weight: 176.4, weightUnit: 'lbs' }, 6));
  await created(await entry('weight', { weight: 80.2, weightUnit: 'kg' }, 30));
  await created(await entry('mood-energy', { mood: 4, energy: 2 }, 8));
  await created(await entry('pain', { painIntensity: 3, painLocation: 'lower_back' }, 9));
  await created(await entry('medication', { value: 'Ibuprofen 200 mg' }, 10));
  await created(
    await entry('meal', { mealType: 'dinner', calories: 720, carbs: 64.5, value: 'Rice, dal, "naan"' }, 11),
  );
  await created(await entry('meal', { calories: 0, value: 'Black coffee' }, 12, 'at the station'));
  await created(await entry('journal', { value: 'Woke at 3.\n\nLow at 4:10 — juice.\nBetter by 5.' }, 13));
  await created(
    await carol.post('/api/v1/lab-results', {
      testName: 'Hemoglobin A1c',
      loinc: '4548-4',
      value: 7.1,
      unit: '%',
      referenceHigh: 5.6,
      effectiveAt: '2025-09-01T08:30:00Z',
      labName: 'City Lab',
    }),
  );
  await created(
    await carol.post('/api/v1/lab-results', {
      testName: 'LDL Cholesterol',
      loinc: '13457-7',
      value: 2.9,
      unit: 'mmol/L',
      referenceLow: 0,
      referenceHigh: 3,
      effectiveAt: '2025-08-01T08:30:00Z',
    }),
  );
  await created(
    await uploadDocument(server, carol, {
      file: pdfWith('round-trip-document'),
      name: 'report.pdf',
      title: 'Round trip report',
      category: 'Lab Results',
      date: '2025-09-02',
    }),
  );
}, 120_000);
afterAll(() => server.close());

/** What a person's record holds, without the ids and times of writing that differ between instances. */
const recordOf = async (client: TestClient) => {
  const entries = (await (await client.get('/api/v1/entries?limit=200')).json()).items.map(
    (e: Record<string, unknown>) => ({
      tracker: e.tracker,
      occurredAt: e.occurredAt,
      data: e.data,
      notes: e.notes,
    }),
  );
  const glucose = (await (await client.get('/api/v1/glucose/readings?limit=1000')).json()).items.map(
    ({ id: _, ...r }: Record<string, unknown>) => r,
  );
  const labs = (await (await client.get('/api/v1/lab-results')).json()).items.map(
    ({ id: _i, source: _s, documentId: _d, createdAt: _c, updatedAt: _u, ...r }: Record<string, unknown>) =>
      r,
  );
  const documents = (await (await client.get('/api/v1/documents')).json()).items
    .filter((d: { category: string }) => d.category !== 'Medical History')
    .map((d: Record<string, unknown>) => ({
      title: d.title,
      category: d.category,
      date: d.date,
      fileName: d.fileName,
      fileSize: d.fileSize,
      fileType: d.fileType,
    }));
  return { entries, glucose, labs, documents };
};

describe('A Healthfolio export imported into an empty record', () => {
  it('reproduces every entry, reading, lab result and document', async () => {
    const started = await created(await carol.post('/api/v1/export/record', {}));
    await server.deps.jobs.runOnce();
    const file = await carol.get(`/api/v1/export/record/${started.id}/file`);
    expect(file.status).toBe(200);
    const bundle = Buffer.from(await file.arrayBuffer());

    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bundle)]), 'healthfolio-record.json');
    const res = await server.app.request('/api/v1/records/import', {
      method: 'POST',
      body,
      headers: { origin: APP_URL, cookie: dave.cookieHeader, 'x-requested-with': 'healthfolio' },
    });
    const report = await created(res);
    expect(report.created).toMatchObject({
      glucoseReadings: 38,
      vitalSigns: 3,
      trackerEntries: 6,
      labResults: 2,
      documents: 1,
    });
    expect(report.notUnderstood).toEqual(
      expect.arrayContaining([expect.objectContaining({ what: 'Glucose summaries' })]),
    );
    const original = await recordOf(carol);
    expect(original.entries).toHaveLength(11);
    expect(original.glucose).toHaveLength(38);
    const copy = await recordOf(dave);
    expect(copy).toEqual(original);
    // A meal's type, calories, carbs and words, and a journal entry's line breaks, exactly.
    const byTracker = (t: string) => copy.entries.filter((e: { tracker: string }) => e.tracker === t);
    expect(byTracker('meal').map((e: { data: unknown }) => e.data)).toEqual([
      { mealType: 'dinner', calories: 720, carbs: 64.5, value: 'Rice, dal, "naan"' },
      { calories: 0, value: 'Black coffee' },
    ]);
    expect(byTracker('meal')[1].notes).toBe('at the station');
    expect(byTracker('journal')[0].data).toEqual({
      value: 'Woke at 3.\n\nLow at 4:10 — juice.\nBetter by 5.',
    });

    // Importing the same file again adds nothing.
    const again = await created(
      await server.app.request('/api/v1/records/import', {
        method: 'POST',
        body,
        headers: { origin: APP_URL, cookie: dave.cookieHeader, 'x-requested-with': 'healthfolio' },
      }),
    );
    expect(again.created).toMatchObject({ trackerEntries: 0, vitalSigns: 0 });
    expect((await recordOf(dave)).entries).toHaveLength(11);

    // The vault document's file came back byte for byte.
    const [carolDoc] = (await (await carol.get('/api/v1/documents')).json()).items;
    const daveDoc = (await (await dave.get('/api/v1/documents')).json()).items.find(
      (d: { title: string }) => d.title === 'Round trip report',
    );
    const bytes = async (client: TestClient, id: string) =>
      Buffer.from(await (await client.get(`/api/v1/documents/${id}/file`)).arrayBuffer());
    expect((await bytes(dave, daveDoc.id)).equals(await bytes(carol, carolDoc.id))).toBe(true);
  }, 120_000);
});
