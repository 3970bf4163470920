import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_URL, createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

// Times of a year, a year-month, a day (with and without an offset) and an hour, read by Medplum's
// converter: `2019` and `201903` came in as 2019-01-01 at midnight UTC, `20190315` as midnight UTC.
const ccd = readFileSync(new URL('../../../test/fixtures/records/ccd-partial-dates.xml', import.meta.url));

it('keeps a C-CDA’s dates of a year, a month or a day as the record wrote them, in the summary and the lab results', async () => {
  const { client } = await signUpAndSignIn(server, 'partial-dates-import@example.com');
  // A time without an offset is the clinic's wall clock, read in the person's zone (ccda-times.ts).
  expect((await client.patch('/api/v1/profile', { timezone: 'America/Chicago' })).status).toBe(200);
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(ccd)]), 'ccd-partial-dates.xml');
  const res = await server.app.request('/api/v1/records/import?otherPerson=confirmed', {
    method: 'POST',
    body,
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { created: unknown }).created).toMatchObject({
    conditions: 3,
    immunizations: 1,
    labResults: 5,
  });

  const summary = (await (await client.get('/api/v1/health-summary')).json()).items;
  const when = (text: string) => {
    const item = summary.find((i: { text: string }) => i.text === text);
    return { onsetAt: item?.onsetAt, ended: item?.details.Ended };
  };
  expect(when('Hypertension')).toEqual({ onsetAt: '2019', ended: undefined });
  expect(when('Asthma')).toEqual({ onsetAt: '2019-03', ended: '2019-11' });
  // `20190315-0500`: a day, its offset no part of a date.
  expect(when('Diabetes mellitus type 2')).toEqual({ onsetAt: '2019-03-15', ended: undefined });
  expect(when('Influenza virus vaccine')).toEqual({ onsetAt: '2019-03-15', ended: undefined });

  const labs = (await (await client.get('/api/v1/lab-results')).json()).items;
  const at = (loinc: string) => {
    const r = labs.find((l: { loinc: string }) => l.loinc === loinc);
    return [r?.effectiveAt, r?.effectivePrecision];
  };
  // A day is noon UTC of it, a month its 15th, a year its July 1st (the middle of it in every zone),
  // each kept as a date of that precision: shown as the day, "Mar 2019" or "2019", never with a time.
  expect(at('4548-4')).toEqual(['2019-03-15T12:00:00.000Z', 'day']);
  expect(at('2093-3')).toEqual(['2019-03-15T12:00:00.000Z', 'month']);
  expect(at('2571-8')).toEqual(['2019-07-01T12:00:00.000Z', 'year']);
  // `2019031507-0500`: 7 in the morning at -05:00, its hour kept; its value 2019 left a value.
  expect(at('2345-7')).toEqual(['2019-03-15T12:00:00.000Z', null]);
  // `201903151030`: 10:30 on the clinic's clock, taken as the person's (Chicago, CDT), not as UTC.
  expect(at('2160-0')).toEqual(['2019-03-15T15:30:00.000Z', null]);
  expect(labs.find((r: { loinc: string }) => r.loinc === '2345-7')?.value).toBe(2019);
}, 60_000); // the file is parsed in its own limited child process
