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

const ccd = readFileSync(new URL('../../../test/fixtures/records/ccd.xml', import.meta.url));

type Counts = Record<string, number>;
interface Answer {
  found: Counts;
  alreadyHere: Counts;
  created: Counts;
  skipped: Counts;
  sourceDocumentId: string;
}

const send = async (client: TestClient, path: string): Promise<Answer> => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(ccd)]), 'ccd.xml');
  const res = await server.app.request(path, {
    method: 'POST',
    body,
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Answer;
};
const summaryTexts = async (client: TestClient) =>
  ((await (await client.get('/api/v1/health-summary')).json()).items as { text: string }[])
    .map((i) => i.text)
    .sort();

it('adds nothing when the same C-CDA document is imported again, and its preview says it is all here', async () => {
  const { client } = await signUpAndSignIn(server, 'ccd-again@example.com');
  const first = await send(client, '/api/v1/records/import?otherPerson=confirmed');
  const summary = await summaryTexts(client);
  expect(summary).toHaveLength(3);

  const preview = await send(client, '/api/v1/records/import/preview');
  expect(preview.alreadyHere).toEqual(preview.found);
  const again = await send(client, '/api/v1/records/import?otherPerson=confirmed');
  expect(Object.values(again.created).every((n) => n === 0)).toBe(true);
  expect(again.skipped).toEqual(preview.found);
  expect(again.sourceDocumentId).toBe(first.sourceDocumentId);
  expect(await summaryTexts(client)).toEqual(summary);
}, 120_000);

it('adds no second allergy or medication when the document was first read by an earlier Healthfolio (a day as midnight UTC)', async () => {
  const { client, userId } = await signUpAndSignIn(server, 'ccd-upgrade@example.com');
  await send(client, '/api/v1/records/import?otherPerson=confirmed');
  // What the converter made of a day before C-CDA dates kept their precision: midnight UTC of it,
  // kept as written and keyed so.
  await server.deps.db.owner.execute(sql`
    update health_summary_items
       set onset_at = onset_at || 'T00:00:00Z',
           natural_key = concat_ws('|', kind, coalesce(code_system, ''), code, onset_at || 'T00:00:00Z')
     where user_id = ${userId} and length(onset_at) = 10`);
  const summary = await summaryTexts(client);

  const preview = await send(client, '/api/v1/records/import/preview');
  expect(preview.alreadyHere).toMatchObject({ conditions: 1, allergies: 1, medications: 1 });
  const again = await send(client, '/api/v1/records/import?otherPerson=confirmed');
  expect(again.created).toMatchObject({ conditions: 0, allergies: 0, medications: 0 });
  expect(await summaryTexts(client)).toEqual(summary);
}, 120_000);
