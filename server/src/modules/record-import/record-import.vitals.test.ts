import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_URL, createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

const ccd = readFileSync(new URL('../../../test/fixtures/records/ccd-vitals.xml', import.meta.url));

it('counts and stores a C-CDA’s vital signs as entries, not lab results, and adds nothing the second time', async () => {
  const { client } = await signUpAndSignIn(server, 'vitals-import@example.com');
  const send = async (path: string) => {
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
  const preview = await send('/api/v1/records/import/preview');
  expect(preview.found).toMatchObject({ vitalSigns: 2, labResults: 0 });
  expect(preview.notUnderstood).toContainEqual({
    what: 'Vital signs',
    reason: 'Healthfolio does not keep body height yet.',
    count: 1,
  });

  const report = await send('/api/v1/records/import');
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

  const again = await send('/api/v1/records/import');
  expect(again.created).toMatchObject({ vitalSigns: 0 });
  expect(again.skipped).toMatchObject({ vitalSigns: 2 });
  expect((await entries()).length).toBe(2);
}, 60_000); // the file is parsed in its own limited child process
