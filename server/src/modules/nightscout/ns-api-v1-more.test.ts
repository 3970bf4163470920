import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential, nsRequest, sha1, sha512, xdrip } from '../../../test/nightscout-apps';

/** API v1 beyond uploads: SHA-512 secrets, trend arrows back, deletes, form bodies. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const AT = Date.now() - 2 * 3_600_000;
const stamp = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
/** xDrip+'s populateV1APIBGEntry, with its direction and numeric trend. */
const reading = (date: number, sgv: number, direction: string, trend: number) => ({
  device: 'xDrip-LibreReceiver',
  date,
  dateString: stamp(date),
  sgv,
  delta: 2.5,
  direction,
  trend,
  type: 'sgv',
  filtered: 0,
  unfiltered: 0,
  rssi: 100,
  noise: 1,
  sysTime: stamp(date),
});

describe('the Nightscout uploader API v1, further', () => {
  it("accepts the secret's SHA-512 hex as api-secret, as Nightscout does, and no other", async () => {
    const { client } = await signUpAndSignIn(server, 'may-ns@example.com');
    const cred = await newCredential(client);
    const app = xdrip(server, cred, sha512(cred.secret));
    expect((await app.get('status.json')).status).toBe(200);
    expect((await app.get('status.json', { 'api-secret': sha512('wrong') })).status).toBe(401);
    // Header names are case-insensitive (Nightscout reads `api-secret` however it is written).
    const path = `${new URL(cred.baseUrl).pathname}/api/v1/status.json`;
    expect((await nsRequest(server, path, { headers: { 'API-SECRET': sha1(cred.secret) } })).status).toBe(
      200,
    );
  });

  it('takes a JWT from /api/v2/authorization/request as Bearer or ?token=, as Nightscout does', async () => {
    const { client } = await signUpAndSignIn(server, 'lea-ns@example.com');
    const cred = await newCredential(client);
    const { token } = await (await nsRequest(server, `/api/v2/authorization/request/${cred.secret}`)).json();
    const path = `${new URL(cred.baseUrl).pathname}/api/v1/status.json`;
    const bearer = await nsRequest(server, path, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    expect((await nsRequest(server, `${path}?token=${token}`)).status).toBe(200);
    const other = await newCredential(client);
    expect(
      (await nsRequest(server, `${new URL(other.baseUrl).pathname}/api/v1/status.json?token=${token}`))
        .status,
    ).toBe(401);
  });

  it('answers the trend arrow back in entries, as it came in', async () => {
    const { client } = await signUpAndSignIn(server, 'ned-ns@example.com');
    const app = xdrip(server, await newCredential(client));
    await app.post('entries', [reading(AT, 150, 'DoubleUp', 1), reading(AT - 300_000, 120, 'SingleUp', 2)]);
    const entries = await (await app.get('entries/sgv.json?count=2')).json();
    expect(entries.map((e: { sgv: number; direction: string }) => [e.sgv, e.direction])).toEqual([
      [150, 'DoubleUp'],
      [120, 'SingleUp'],
    ]);
  });

  it('deletes a treatment by the _id it was answered with, only through the credential that uploaded it, never an app entry', async () => {
    const { client: olga } = await signUpAndSignIn(server, 'olga-ns@example.com');
    const { client: pete } = await signUpAndSignIn(server, 'pete-ns@example.com');
    const app = xdrip(server, await newCredential(olga));
    const peteApp = xdrip(server, await newCredential(pete));
    await olga.post('/api/v1/entries', {
      tracker: 'meal',
      occurredAt: new Date(AT).toISOString(),
      data: { carbs: 20 },
    });
    const treatment = {
      timestamp: AT,
      eventType: 'Carb Correction',
      enteredBy: 'xdrip',
      carbs: 33,
      created_at: new Date(AT).toISOString(),
    };
    const [{ _id }] = await (await app.post('treatments', [treatment])).json();
    const carbs = async () =>
      (await (await olga.get('/api/v1/entries?tracker=meal')).json()).items
        .map((i: { data: { carbs: number } }) => i.data.carbs)
        .sort();
    expect(await carbs()).toEqual([20, 33]);
    expect(await (await peteApp.delete(`treatments/${_id}`)).json()).toMatchObject({ deletedCount: 0 });
    expect(await (await app.delete('treatments/*')).json()).toMatchObject({ deletedCount: 0 });
    // Olga's other app has its own credential: it did not upload this treatment, so it cannot delete it.
    const otherApp = xdrip(server, await newCredential(olga, 'second phone'));
    expect(await (await otherApp.delete(`treatments/${_id}`)).json()).toMatchObject({ deletedCount: 0 });
    expect(await carbs()).toEqual([20, 33]);
    const res = await app.delete(`treatments/${_id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deletedCount: 1 });
    expect(await carbs()).toEqual([20]);
  });

  it('deletes uploaded readings in a date range, keeping readings from elsewhere and asking for a range', async () => {
    const { client } = await signUpAndSignIn(server, 'quinn-ns@example.com');
    const app = xdrip(server, await newCredential(client));
    await app.post('entries', [reading(AT, 101, 'Flat', 4), reading(AT + 300_000, 102, 'Flat', 4)]);
    const imported = [{ at: new Date(AT + 60_000).toISOString(), mgdl: 180 }];
    expect(
      (await client.post('/api/v1/glucose/readings/batch', { source: 'import:csv', readings: imported }))
        .status,
    ).toBe(200);
    expect(await (await app.delete('entries.json')).json()).toMatchObject({ deletedCount: 0 });
    const res = await app.delete(
      `entries/sgv.json?find[date][$gte]=${AT - 1}&find[date][$lte]=${AT + 600_000}`,
    );
    expect(await res.json()).toMatchObject({ deletedCount: 2 });
    const left = (await (await client.get('/api/v1/glucose/readings')).json()).items;
    expect(
      left.map((r: { valueMgdl?: number; value_mgdl?: number; mgdl?: number }) => r.valueMgdl ?? r.mgdl),
    ).toEqual([180]);
  });

  it("reads a form-encoded upload as Nightscout's urlencoded body parser does", async () => {
    const { client } = await signUpAndSignIn(server, 'rae-ns@example.com');
    const cred = await newCredential(client);
    const path = `${new URL(cred.baseUrl).pathname}/api/v1/entries`;
    const body = new URLSearchParams({
      type: 'sgv',
      sgv: '133',
      date: String(AT),
      device: 'Spike',
      direction: 'Flat',
    });
    const res = await nsRequest(server, path, {
      method: 'POST',
      headers: { 'api-secret': sha1(cred.secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(res.status).toBe(200);
    expect((await res.json())[0]).toMatchObject({ sgv: 133, date: AT, direction: 'Flat' });
  });
});
