import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_URL, createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

// Synthea's Claim has no identifier; its EOB's Blue Button clm_id is the Claim's UUID.
const file = readFileSync(new URL('../../../test/fixtures/records/synthea-eob.json', import.meta.url));
const CLAIM_UUID = '809a41f5-8fa1-4e33-8ffa-b3deeec1c6e6';

it('shows no resource UUID as the number of a claim imported without one, and finds it again on re-import', async () => {
  const { client } = await signUpAndSignIn(server, 'claim-number@example.com');
  const importFile = async () => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(file)]), 'synthea-eob.json');
    const res = await server.app.request('/api/v1/records/import?otherPerson=confirmed', {
      method: 'POST',
      body,
      headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { created: Record<string, number>; skipped: Record<string, number> };
  };
  expect((await importFile()).created).toMatchObject({ claims: 1 });
  const claims = async () => (await (await client.get('/api/v1/insurance/claims')).json()).items;
  const [claim] = await claims();
  expect(claim).toMatchObject({ claimNumber: null, provider: 'LOWELL GENERAL HOSPITAL' });
  expect(JSON.stringify(claim)).not.toContain(CLAIM_UUID);
  expect(
    JSON.stringify(await (await client.get(`/api/v1/insurance/claims/${claim.id}`)).json()),
  ).not.toContain(CLAIM_UUID);

  const again = await importFile();
  expect(again.created).toMatchObject({ claims: 0 });
  expect(again.skipped).toMatchObject({ claims: 1 });
  expect(await claims()).toHaveLength(1);
}, 60_000); // the file is parsed in its own limited child process
