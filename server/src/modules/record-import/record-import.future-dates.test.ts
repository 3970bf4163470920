import { addCalendarDays, localDate } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { ok, uploads } from './record-import.helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());
const { importFile } = uploads(() => server);

const category = (code: string) => [
  { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code }] },
];
const cholesterol = (day: string, value: number) => ({
  resourceType: 'Observation',
  status: 'final',
  category: category('laboratory'),
  code: { coding: [{ system: 'http://loinc.org', code: '2093-3' }] },
  effectiveDateTime: day,
  valueQuantity: { value, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
});
const weight = (day: string) => ({
  resourceType: 'Observation',
  status: 'final',
  category: category('vital-signs'),
  code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
  effectiveDateTime: day,
  valueQuantity: { value: 80, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
});
const bundle = (...resources: object[]) =>
  Buffer.from(
    JSON.stringify({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resourceType: 'Patient', id: 'p1', name: [{ text: 'Dee Only' }] }, ...resources].map(
        (resource) => ({ resource }),
      ),
    }),
  );

const personIn = async (zone: string) => {
  const { client } = await signUpAndSignIn(server, `import-dates-${zone.split('/')[1]}@example.com`);
  expect((await client.patch('/api/v1/profile', { timezone: zone })).status).toBe(200);
  return client;
};

describe("a record's results and vital signs dated by a day alone", () => {
  it("leaves out what is dated after today in the person's zone, saying so, and imports the rest", async () => {
    // Tomorrow in Honolulu is always today at UTC+14: begun somewhere on Earth, not yet for this person.
    const client = await personIn('Pacific/Honolulu');
    const today = localDate(Date.now(), 'Pacific/Honolulu');
    const tomorrow = addCalendarDays(today, 1);
    const file = bundle(
      cholesterol(addCalendarDays(today, -1), 180),
      cholesterol(tomorrow, 190),
      weight(tomorrow),
    );
    const report = await ok(await importFile(client, file, 'clinic.json'));
    expect(report.created).toMatchObject({ labResults: 1, vitalSigns: 0 });
    expect(report.notUnderstood).toEqual(
      expect.arrayContaining([
        { what: 'Lab results', reason: 'Dated in the future.', count: 1 },
        { what: 'Vital signs', reason: 'Dated in the future.', count: 1 },
      ]),
    );
    const labs = (await (await client.get('/api/v1/lab-results')).json()).items;
    expect(labs.map((r: { value: number }) => r.value)).toEqual([180]);
    expect((await (await client.get('/api/v1/entries')).json()).items).toEqual([]);
  }, 60_000); // the file is parsed in its own limited child process

  it("imports what is dated today in the person's zone, at the far end of the day line", async () => {
    // Today in Auckland: its noon UTC, where a day is stored, is still ahead of the clock.
    const client = await personIn('Pacific/Auckland');
    const today = localDate(Date.now(), 'Pacific/Auckland');
    const report = await ok(
      await importFile(client, bundle(cholesterol(today, 185), weight(today)), 'clinic.json'),
    );
    expect(report.created).toMatchObject({ labResults: 1, vitalSigns: 1 });
    const entries = (await (await client.get('/api/v1/entries')).json()).items;
    expect(entries).toMatchObject([
      { tracker: 'weight', occurredAt: `${today}T12:00:00.000Z`, occurredPrecision: 'day' },
    ]);
  }, 60_000);
});
