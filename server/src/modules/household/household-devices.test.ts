import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { type NsCredential, xdrip } from '../../../test/nightscout-apps';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('devices of a person', () => {
  it('an uploader key made for Mia uploads into Mia’s record, never the guardian’s or Leo’s', async () => {
    const parent = await signUpAndSignIn(server, 'hh-devices@example.com');
    const mia = actingFor(parent.client, await addPerson(parent.client, 'Mia'));
    const leo = actingFor(parent.client, await addPerson(parent.client, 'Leo'));
    const made = await mia.post('/api/v1/devices/nightscout/credentials', { name: 'Mia’s phone' });
    expect(made.status).toBe(201);
    const cred = (await made.json()) as NsCredential;
    // Listed for Mia only.
    const listed = async (as: { get: (p: string) => Promise<Response> }) =>
      (
        (await (await as.get('/api/v1/devices/nightscout/credentials')).json()) as { items: { id: string }[] }
      ).items.map((i) => i.id);
    expect(await listed(mia)).toEqual([cred.id]);
    expect(await listed(leo)).toEqual([]);
    expect(await listed(parent.client)).toEqual([]);

    const date = Date.now() - 10 * 60_000;
    const up = await xdrip(server, cred).post('entries', [
      {
        type: 'sgv',
        sgv: 142,
        date,
        dateString: new Date(date).toISOString(),
        direction: 'Flat',
        device: 'xDrip',
      },
    ]);
    expect(up.status).toBe(200);
    const values = async (as: { get: (p: string) => Promise<Response> }) =>
      (
        (await (await as.get('/api/v1/glucose/readings?limit=5')).json()) as {
          items: { valueMgdl: number }[];
        }
      ).items.map((r) => r.valueMgdl);
    expect(await values(mia)).toEqual([142]);
    expect(await values(leo)).toEqual([]);
    expect(await values(parent.client)).toEqual([]);
    // The follower view lists everyone the parent may act for, with Mia's reading.
    const latest = await (await parent.client.get('/api/v1/household/latest-readings')).json();
    expect(
      latest.people.map((p: { displayName: string; reading: { valueMgdl: number } | null }) => [
        p.displayName,
        p.reading?.valueMgdl ?? null,
      ]),
    ).toEqual([
      ['hh-devices', null],
      ['Leo', null],
      ['Mia', 142],
    ]);
  });
});
