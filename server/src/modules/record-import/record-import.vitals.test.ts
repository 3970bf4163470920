import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

const ccd = readFileSync(new URL('../../../test/fixtures/records/ccd-vitals.xml', import.meta.url));

const sender = (client: TestClient) => async (path: string) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(ccd)]), 'ccd-vitals.xml');
  const res = await server.app.request(path, {
    method: 'POST',
    body,
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};
const entriesOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/entries?limit=50')).json()).items as {
    tracker: string;
    occurredAt: string;
    occurredPrecision: string | null;
  }[];

it('counts and stores a C-CDA’s vital signs as entries, not lab results, and adds nothing the second time', async () => {
  const { client } = await signUpAndSignIn(server, 'vitals-import@example.com');
  const send = sender(client);
  const preview = await send('/api/v1/records/import/preview');
  expect(preview.found).toMatchObject({ vitalSigns: 2, labResults: 0 });
  expect(preview.notUnderstood).toContainEqual({
    what: 'Vital signs',
    reason: 'Healthfolio does not keep body height yet.',
    count: 1,
  });

  const report = await send('/api/v1/records/import?otherPerson=confirmed');
  expect(report.created).toMatchObject({ vitalSigns: 2, labResults: 0 });
  const entries = async () =>
    (await (await client.get('/api/v1/entries?limit=50')).json()).items.map(
      (e: { tracker: string; data: unknown }) => [e.tracker, e.data],
    );
  expect(await entries()).toEqual(
    expect.arrayContaining([
      ['blood-pressure', { systolic: 132, diastolic: 88 }],
      ['weight', { weight: 86, weightUnit: 'kg' }],
    ]),
  );
  expect((await entries()).length).toBe(2);
  expect((await (await client.get('/api/v1/lab-results')).json()).items).toEqual([]);

  const again = await send('/api/v1/records/import?otherPerson=confirmed');
  expect(again.created).toMatchObject({ vitalSigns: 0 });
  expect(again.skipped).toMatchObject({ vitalSigns: 2 });
  expect((await entries()).length).toBe(2);
}, 60_000); // the file is parsed in its own limited child process

it('keeps a vital sign dated by its day as a day (no time of day made up)', async () => {
  const { client } = await signUpAndSignIn(server, 'vitals-day@example.com');
  await sender(client)('/api/v1/records/import?otherPerson=confirmed');
  expect((await entriesOf(client)).map((e) => [e.tracker, e.occurredAt, e.occurredPrecision]).sort()).toEqual(
    [
      ['blood-pressure', '2012-09-10T12:00:00.000Z', 'day'],
      ['weight', '2012-09-10T12:00:00.000Z', 'day'],
    ],
  );
}, 60_000);

it('adds no second vital sign when an earlier Healthfolio stored the day as midnight UTC', async () => {
  const { client, userId } = await signUpAndSignIn(server, 'vitals-upgrade@example.com');
  const send = sender(client);
  await send('/api/v1/records/import?otherPerson=confirmed');
  // What the converter made of `20120910` before C-CDA dates kept their precision: midnight UTC.
  await server.deps.db.owner.execute(sql`
    update tracker_entries set occurred_at = date_trunc('day', occurred_at at time zone 'UTC') at time zone 'UTC',
           occurred_precision = null
     where user_id = ${userId}`);
  expect((await entriesOf(client)).map((e) => e.occurredAt)).toEqual([
    '2012-09-10T00:00:00.000Z',
    '2012-09-10T00:00:00.000Z',
  ]);
  const again = await send('/api/v1/records/import?otherPerson=confirmed');
  expect(again.created).toMatchObject({ vitalSigns: 0 });
  expect(again.skipped).toMatchObject({ vitalSigns: 2 });
  expect(await entriesOf(client)).toHaveLength(2);
}, 60_000);
