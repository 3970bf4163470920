import type { Bundle, Observation } from '@medplum/fhirtypes';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { exportFor } from './record-export.seed';

let server: TestServer;
let erin: TestClient;
let bundle: Bundle;

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const coded = (code: string) => ({ coding: [{ system: LOINC, code }] });
const category = (code: string) => [
  { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code }] },
];

/** A record from a clinic dating its vital signs and lab results only by day, month or year (one at a time of day). */
const clinicRecord = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    { resource: { resourceType: 'Patient', id: 'p1', name: [{ text: 'Erin Dates' }] } },
    {
      resource: {
        resourceType: 'Observation',
        status: 'final',
        category: category('vital-signs'),
        code: coded('29463-7'),
        effectiveDateTime: '2019-03-14',
        valueQuantity: { value: 80, unit: 'kg', system: UCUM, code: 'kg' },
      },
    },
    {
      resource: {
        resourceType: 'Observation',
        status: 'final',
        category: category('vital-signs'),
        code: coded('85354-9'),
        effectiveDateTime: '2019-03',
        component: [
          {
            code: coded('8480-6'),
            valueQuantity: { value: 122, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
          },
          { code: coded('8462-4'), valueQuantity: { value: 78, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' } },
        ],
      },
    },
    {
      resource: {
        resourceType: 'Observation',
        status: 'final',
        category: category('laboratory'),
        code: coded('4548-4'),
        effectiveDateTime: '2019',
        valueQuantity: { value: 6.1, unit: '%', system: UCUM, code: '%' },
      },
    },
    {
      resource: {
        resourceType: 'Observation',
        status: 'final',
        category: category('laboratory'),
        code: coded('2093-3'),
        effectiveDateTime: '2019-05-02T08:30:00Z',
        valueQuantity: { value: 190, unit: 'mg/dL', system: UCUM, code: 'mg/dL' },
      },
    },
  ],
};

const importFile = async (client: TestClient, file: string, name: string) => {
  const body = new FormData();
  body.append('file', new Blob([file]), name);
  const res = await server.app.request('/api/v1/records/import?otherPerson=confirmed', {
    method: 'POST',
    body,
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { created: Record<string, number>; skipped: Record<string, number> };
};

type Dated = { tracker?: string; loinc?: string; at: string; precision: string | null };
const datesOf = async (client: TestClient): Promise<Dated[]> => {
  const entries = (await (await client.get('/api/v1/entries?limit=50')).json()).items as {
    tracker: string;
    occurredAt: string;
    occurredPrecision: string | null;
  }[];
  const labs = (await (await client.get('/api/v1/lab-results')).json()).items as {
    loinc: string;
    effectiveAt: string;
    effectivePrecision: string | null;
  }[];
  return [
    ...entries.map((e) => ({ tracker: e.tracker, at: e.occurredAt, precision: e.occurredPrecision })),
    ...labs.map((l) => ({ loinc: l.loinc, at: l.effectiveAt, precision: l.effectivePrecision })),
  ];
};

const THE_DATES: Dated[] = [
  { tracker: 'weight', at: '2019-03-14T12:00:00.000Z', precision: 'day' },
  { tracker: 'blood-pressure', at: '2019-03-15T12:00:00.000Z', precision: 'month' },
  { loinc: '4548-4', at: '2019-07-01T12:00:00.000Z', precision: 'year' },
  { loinc: '2093-3', at: '2019-05-02T08:30:00.000Z', precision: null },
];

beforeAll(async () => {
  server = await createTestServer();
  ({ client: erin } = await signUpAndSignIn(server, 'erin-dates@example.com'));
  // Twelve hours and more ahead of UTC: a made-up noon UTC would be on the next day here.
  expect((await erin.patch('/api/v1/profile', { timezone: 'Pacific/Auckland' })).status).toBe(200);
  const report = await importFile(erin, JSON.stringify(clinicRecord), 'clinic.json');
  expect(report.created).toMatchObject({ vitalSigns: 2, labResults: 2 });
  expect(await datesOf(erin)).toEqual(expect.arrayContaining(THE_DATES));
}, 60_000);
afterAll(() => server.close());

describe('A record dated only by day, month or year, exported', () => {
  it('writes each FHIR date as the record gave it, and a time of day as the instant', async () => {
    const { id, done } = await exportFor(server, erin);
    expect(done.status).toBe('done');
    bundle = JSON.parse(await (await erin.get(`/api/v1/export/record/${id}/file`)).text());
    const when = (code: string) =>
      bundle.entry
        ?.map((e) => e.resource as Observation)
        .find((r) => r.resourceType === 'Observation' && r.code?.coding?.some((c) => c.code === code))
        ?.effectiveDateTime;
    expect(when('29463-7')).toBe('2019-03-14');
    expect(when('85354-9')).toBe('2019-03');
    expect(when('4548-4')).toBe('2019');
    expect(when('2093-3')).toBe('2019-05-02T08:30:00.000Z');
  }, 60_000);

  it('writes the date alone in the CSV, not a time on the next day', async () => {
    const time = async (tracker: string) =>
      (
        parseCsv(await (await erin.get(`/api/v1/export/csv/${tracker}`)).text(), { columns: true }) as {
          time: string;
        }[]
      ).map((r) => r.time);
    expect(await time('weight')).toEqual(['2019-03-14']);
    expect(await time('blood-pressure')).toEqual(['2019-03']);
  });

  it('comes back with the same dates when the export is imported, and adds nothing to its own record', async () => {
    const file = JSON.stringify(bundle);
    const again = await importFile(erin, file, 'healthfolio-record.json');
    expect(again.created).toMatchObject({ vitalSigns: 0, labResults: 0 });
    expect(await datesOf(erin)).toHaveLength(THE_DATES.length);

    const { client: fay } = await signUpAndSignIn(server, 'fay-dates@example.com');
    const report = await importFile(fay, file, 'healthfolio-record.json');
    expect(report.created).toMatchObject({ vitalSigns: 2, labResults: 2 });
    const dates = await datesOf(fay);
    expect(dates).toHaveLength(THE_DATES.length);
    expect(dates).toEqual(expect.arrayContaining(THE_DATES));
  }, 60_000);
});
