import type { Bundle, ExplanationOfBenefit } from '@medplum/fhirtypes';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient, TestResponse, TestServer } from '../../../test/harness';
import { ok, startImportServer, uploads } from './record-import.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  ({ server, alice, bob } = await startImportServer());
}, 60_000);
afterAll(() => server.close());
const { importFile } = uploads(() => server);

const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
};
const claim = (claimNumber: string, status: string, money: Record<string, string>) =>
  alice.post('/api/v1/insurance/claims', {
    claimNumber,
    provider: 'Riverside Clinic',
    serviceDate: '2025-08-04',
    submittedDate: '2025-08-06',
    status,
    ...money,
  });

/** The claims' rows of the insurance CSV the person hands on: amounts as the file writes them. */
const claimCells = async (client: TestClient) => {
  const res = await client.get('/api/v1/insurance/export.csv?year=2025');
  expect(res.status).toBe(200);
  const rows: Record<string, string>[] = parse(await res.text(), { columns: true });
  return rows
    .filter((r) => r.Record === 'Claim')
    .map((r) => [r['Claim number'], r['Insurance covered'], r['Patient responsibility']])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
};

it('leaves out what the plan has not decided yet, in the export and after importing it, instead of writing 0', async () => {
  await created(await claim('UND-1', 'processing', { amount: '80.00' }));
  // An estimate entered on a claim still in processing is kept; the share not entered stays unknown.
  await created(await claim('UND-2', 'processing', { amount: '300.00', covered: '240.00' }));
  // Decided: the patient owes nothing, a real 0.
  await created(await claim('DEC-1', 'approved', { amount: '60.00', covered: '60.00' }));

  const started = await created(await alice.post('/api/v1/export/record', {}));
  await server.deps.jobs.runOnce();
  const file = await alice.get(`/api/v1/export/record/${started.id}/file`);
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  const bundle = JSON.parse(bytes.toString('utf8')) as Bundle;
  const totals = (number: string) =>
    (
      bundle
        .entry!.map((e) => e.resource)
        .find(
          (r) =>
            r?.resourceType === 'ExplanationOfBenefit' &&
            (r as ExplanationOfBenefit).identifier?.[0]?.value === number,
        ) as ExplanationOfBenefit
    ).total!.map((t) => [t.category.text, t.amount.value]);
  expect(totals('UND-1')).toEqual([['Billed', 80]]);
  expect(totals('UND-2')).toEqual([
    ['Billed', 300],
    ['Plan paid', 240],
  ]);
  expect(totals('DEC-1')).toEqual([
    ['Billed', 60],
    ['Plan paid', 60],
    ['Patient responsibility', 0],
  ]);

  const expected = [
    ['DEC-1', '60.00', '0.00'],
    ['UND-1', '', ''],
    ['UND-2', '240.00', ''],
  ];
  expect(await claimCells(alice)).toEqual(expected);
  const report = await ok(await importFile(bob, bytes, 'healthfolio-record.json'));
  expect(report.created).toMatchObject({ claims: 3 });
  expect(await claimCells(bob)).toEqual(expected);
  const statuses = (await (await bob.get('/api/v1/insurance/claims')).json()).items.map(
    (c: { claimNumber: string; status: string }) => [c.claimNumber, c.status],
  );
  expect(Object.fromEntries(statuses)).toEqual({
    'UND-1': 'processing',
    'UND-2': 'processing',
    'DEC-1': 'approved',
  });
}, 120_000);
