import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';

/*
 * GET /api/v1/entries/summary while a guardian acts for a ward (households): the achievements ask for
 * the ward's first entry, named as the household names her; the account's own still asks for "your".
 */

type Client = Pick<TestClient, 'get'>;

const asks = async (client: Client) => {
  const res = await client.get('/api/v1/entries/summary');
  expect(res.status).toBe(200);
  return Object.fromEntries(
    ((await res.json()).achievements as { id: string; description: string }[]).map((a) => [
      a.id,
      a.description,
    ]),
  );
};

let server: TestServer;
let mum: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  mum = (await signUpAndSignIn(server, 'mum-achievements@example.com')).client;
});
afterAll(() => server.close());

describe('achievements for whose record it is', () => {
  it('ask the account for its own first entry', async () => {
    const own = await asks(mum);
    expect(own.first_log).toBe('Log your first entry');
    expect(own.century_club).toBe('Log 100 entries');
  });

  it('ask for the ward’s first entry while a guardian acts for her, by her profile’s name', async () => {
    const mia = actingFor(mum, await addPerson(mum, 'Mia'));
    expect((await asks(mia)).first_log).toBe('Log Mia’s first entry');
    expect((await mia.patch('/api/v1/profile', { displayName: 'James' })).status).toBe(200);
    expect((await asks(mia)).first_log).toBe('Log James’ first entry');
    // The guardian's own record is unchanged by acting for her.
    expect((await asks(mum)).first_log).toBe('Log your first entry');
  });
});
