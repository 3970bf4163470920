import { readFileSync } from 'node:fs';
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

// The record of Ada Testperson, born 1970-05-01.
const ccd = readFileSync(new URL('../../../test/fixtures/records/ccd.xml', import.meta.url));

const send = (client: TestClient, path: string, person?: string, file: Uint8Array = ccd) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file)]), 'ccd.xml');
  return server.app.request(path, {
    method: 'POST',
    body,
    headers: {
      origin: APP_URL,
      cookie: client.cookieHeader,
      'x-requested-with': 'healthfolio',
      ...(person ? { 'x-healthfolio-person': person } : {}),
    },
  });
};
const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};
const summaryOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/health-summary')).json()).items as unknown[];

const ADA = { name: 'Ada Testperson', birthDate: '1970-05-01' };

it('names whose record the file holds, and imports your own without asking', async () => {
  const { client } = await signUpAndSignIn(server, 'ada@example.com');
  await client.patch('/api/v1/profile', { displayName: 'Ada' });
  const preview = await json(await send(client, '/api/v1/records/import/preview'));
  expect(preview).toMatchObject({ patient: ADA, importingFor: { name: 'Ada' }, otherPerson: false });
  await json(await send(client, '/api/v1/records/import'));
  expect(await summaryOf(client)).toHaveLength(3);
});

it('warns that the file is someone else’s record, and imports it only once that is confirmed', async () => {
  const { client } = await signUpAndSignIn(server, 'eve@example.com');
  await client.patch('/api/v1/profile', { displayName: 'Eve Everywoman' });
  const preview = await json(await send(client, '/api/v1/records/import/preview'));
  expect(preview).toMatchObject({
    patient: ADA,
    importingFor: { name: 'Eve Everywoman' },
    otherPerson: true,
  });

  const refused = await send(client, '/api/v1/records/import');
  expect(refused.status).toBe(409);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
  expect(await refused.json()).toMatchObject({ code: 'other_person' });
  expect(await summaryOf(client)).toEqual([]);
  expect((await (await client.get('/api/v1/documents')).json()).items).toEqual([]);

  await json(await send(client, '/api/v1/records/import?otherPerson=confirmed'));
  expect(await summaryOf(client)).toHaveLength(3);
});

it('compares with the household person acted for: a child of another birth date is someone else', async () => {
  const { client } = await signUpAndSignIn(server, 'ada-parent@example.com');
  await client.patch('/api/v1/profile', { displayName: 'Ada Testperson' });
  const mia = await (
    await client.post('/api/v1/household/people', {
      displayName: 'Mia Testperson',
      dateOfBirth: '2017-05-04',
    })
  ).json();
  const preview = await json(await send(client, '/api/v1/records/import/preview', mia.id));
  expect(preview).toMatchObject({
    importingFor: { name: 'Mia Testperson', birthDate: '2017-05-04' },
    otherPerson: true,
  });
  expect((await send(client, '/api/v1/records/import', mia.id)).status).toBe(409);
});

// A test ordered, not done yet: told as planned care, not imported.
const planned = new TextEncoder().encode(
  JSON.stringify({
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        resource: {
          resourceType: 'ServiceRequest',
          status: 'active',
          intent: 'order',
          code: { text: 'HbA1c' },
        },
      },
    ],
  }),
);
const plannedReason = (whose: string) => ({
  what: 'Planned care',
  reason: `Care that was ordered or planned but not done yet: ${whose} health summary lists what was done.`,
  count: 1,
});

it('says why planned care is not imported of whose health summary it is: yours, or the ward’s by name', async () => {
  const { client } = await signUpAndSignIn(server, 'planned-parent@example.com');
  const own = await json(await send(client, '/api/v1/records/import/preview', undefined, planned));
  expect(own.notUnderstood).toEqual([plannedReason('your')]);

  const mia = await (await client.post('/api/v1/household/people', { displayName: 'Mia Testperson' })).json();
  const preview = await json(await send(client, '/api/v1/records/import/preview', mia.id, planned));
  expect(preview.notUnderstood).toEqual([plannedReason('Mia Testperson’s')]);
  const report = await json(await send(client, '/api/v1/records/import', mia.id, planned));
  expect(report.notUnderstood).toEqual([plannedReason('Mia Testperson’s')]);
});
