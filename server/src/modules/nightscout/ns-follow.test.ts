import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN, uploadLoop } from '../../../test/aaps-loop';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { newCredential, nsRequest, sha1 } from '../../../test/nightscout-apps';

/**
 * The read side of Nightscout, as follower apps use it: LoopFollow, Nightguard, xDrip+ in follower
 * mode and watch faces read at the site's root with a read-only follower token, after a loop
 * (AndroidAPS' NSClient v3) uploaded readings, device status, treatments and its profile.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

interface Follower {
  id: string;
  token: string;
  siteUrl: string;
  urlWithToken: string;
  xdripUrl: string;
}

const newFollower = async (client: TestClient, name = 'Mum, LoopFollow'): Promise<Follower> => {
  const res = await client.post('/api/v1/devices/nightscout/followers', { name });
  expect(res.status).toBe(201);
  return res.json();
};

/** A request at the site's root with `?token=`, as LoopFollow's NightscoutUtils.constructURL builds it. */
const withToken = (token: string, path: string, params: Record<string, string> = {}, init?: RequestInit) => {
  const url = new URL(path, 'http://localhost:3000');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('token', token);
  return nsRequest(server, url.pathname + url.search, init);
};

describe('Nightscout followers', () => {
  it('round trip: what AndroidAPS uploads, LoopFollow reads back at the root (same IOB, COB, temp basal, profile)', async () => {
    const { client } = await signUpAndSignIn(server, 'loop-owner@example.com');
    const now = Date.now();
    const u = await uploadLoop(server, await newCredential(client, 'AndroidAPS'), now);
    const f = await newFollower(client);
    expect(f.token).toMatch(/^follow-[0-9a-f]{40}$/);
    expect(f.siteUrl).toBe('http://localhost:3000');
    // The token is shown once: the list never holds it.
    const list = await (await client.get('/api/v1/devices/nightscout/followers')).json();
    expect(JSON.stringify(list)).not.toContain(f.token);
    expect(list.items).toEqual([
      expect.objectContaining({ id: f.id, name: 'Mum, LoopFollow', lastUsedAt: null }),
    ]);

    // LoopFollow's verifyURLAndToken: GET /api/v1/status.json?token=… reads `authorized`.
    const status = await withToken(f.token, '/api/v1/status.json');
    expect(status.status).toBe(200);
    const doc = await status.json();
    expect(doc).toMatchObject({
      status: 'ok',
      settings: {
        units: 'mg/dl',
        thresholds: { bgHigh: 250, bgTargetTop: 180, bgTargetBottom: 70, bgLow: 54 },
        enable: expect.arrayContaining(['iob', 'cob', 'basal', 'loop', 'pump']),
      },
      authorized: { sub: 'Mum, LoopFollow', permissionGroups: [['*:*:read']], token: expect.any(String) },
    });
    expect(Math.abs(doc.serverTimeEpoch - Date.now())).toBeLessThan(60_000);

    // DeviceStatus.swift: ["count": "1"] on /api/v1/devicestatus.json.
    const [ds] = await (await withToken(f.token, '/api/v1/devicestatus.json', { count: '1' })).json();
    expect(ds.openaps.iob.iob).toBe(u.devicestatus.openaps.iob.iob);
    expect(ds.openaps.suggested.COB).toBe(u.devicestatus.openaps.suggested.COB);
    expect(ds.openaps.enacted).toMatchObject({ rate: 1.4, duration: 30 });
    expect(ds.pump).toMatchObject({ reservoir: 112.5, battery: { percent: 64 } });
    expect(ds.created_at).toBe(u.devicestatus.created_at);
    expect(ds._id).toEqual(expect.any(String));

    // Treatments.swift: created_at between now minus the download days and now plus 6 hours.
    const treatments = await (
      await withToken(f.token, '/api/v1/treatments.json', {
        'find[created_at][$gte]': new Date(now - 86_400_000).toISOString(),
        'find[created_at][$lte]': new Date(now + 6 * 3600_000).toISOString(),
        count: '5000',
      })
    ).json();
    expect(treatments.map((t: { eventType: string }) => t.eventType)).toEqual(['Temp Basal', 'Meal Bolus']);
    expect(treatments[0]).toMatchObject({
      _id: 'tb-4711',
      rate: 1.4,
      absolute: 1.4,
      duration: 30,
      created_at: new Date(u.treatments[0]!.date).toISOString(),
      insulin: null,
    });
    expect(treatments[1]).toMatchObject({ insulin: 3.2, carbs: null });

    // Profile.swift: /api/v1/profiles.json with count=1 and startDate at or before now.
    const [profile] = await (
      await withToken(f.token, '/api/v1/profiles.json', {
        count: '1',
        'find[startDate][$lte]': new Date(now + MIN).toISOString(),
      })
    ).json();
    expect(profile).toMatchObject({
      defaultProfile: 'Weekday',
      store: { Weekday: { basal: [{ value: 0.85 }] } },
    });
    expect(await (await withToken(f.token, '/api/v1/profile/current')).json()).toMatchObject({
      defaultProfile: 'Weekday',
    });

    // BGData.swift: count, find[date][$gte] (epoch ms) and find[type][$ne]=cal.
    const sgvs = await (
      await withToken(f.token, '/api/v1/entries.json', {
        count: '576',
        'find[date][$gte]': String(now - 86_400_000),
        'find[type][$ne]': 'cal',
      })
    ).json();
    expect(sgvs.map((e: { sgv: number; direction: string }) => [e.sgv, e.direction])).toEqual([
      [150, 'FortyFiveUp'],
      [142, 'Flat'],
    ]);
  });

  it("Nightguard's and the watch faces' reads: API v2 properties, /pebble, last treatment by eventType, in the person's units and targets", async () => {
    const { client } = await signUpAndSignIn(server, 'guard-owner@example.com');
    expect(
      (
        await client.put('/api/v1/glucose/targets', {
          urgentLow: 60,
          targetLow: 80,
          targetHigh: 160,
          urgentHigh: 240,
        })
      ).status,
    ).toBe(200);
    const now = Date.now();
    await uploadLoop(server, await newCredential(client, 'AndroidAPS'), now);
    const f = await newFollower(client, 'Partner, Nightguard');

    // NightscoutService.swift: GET api/v2/properties (the token in the base URI's query).
    const props = await (await withToken(f.token, '/api/v2/properties')).json();
    expect(props.bgnow).toMatchObject({
      last: 150,
      sgvs: [expect.objectContaining({ direction: 'FortyFiveUp' })],
    });
    expect(props.delta).toMatchObject({ mgdl: 8, display: '+8' });
    expect(props.iob).toMatchObject({ iob: 2.351, display: '2.35', source: 'OpenAPS' });
    expect(props.cob).toMatchObject({ cob: 23.4, display: 23.4 });
    expect(props.upbat).toMatchObject({ display: '76%', level: 76 });
    expect(props.pump.data.reservoir).toMatchObject({ value: 112.5 });
    expect(props.basal).toMatchObject({ display: 'T: 1.4U', current: { basal: 0.85, tempbasal: 1.4 } });
    expect(props.loop).toMatchObject({ lastEnacted: { rate: 1.4 } });
    // A selection: /api/v2/properties/iob,cob.
    expect(Object.keys(await (await withToken(f.token, '/api/v2/properties/iob,cob')).json())).toEqual([
      'iob',
      'cob',
    ]);

    // Sensor/cannula age: the last treatment of an eventType within the last days.
    const [site] = await (
      await withToken(f.token, '/api/v1/treatments', {
        'find[eventType]': 'Site Change',
        'find[created_at][$gte]': new Date(now - 10 * 86_400_000).toISOString(),
        count: '1',
      })
    ).json();
    expect(site).toMatchObject({ eventType: 'Site Change' });

    const status = await (await withToken(f.token, '/api/v1/status.json')).json();
    expect(status.settings.thresholds).toEqual({
      bgHigh: 240,
      bgTargetTop: 160,
      bgTargetBottom: 80,
      bgLow: 60,
    });

    // The pebble endpoint (watch faces, Nightguard's complication): the newest readings, the first with extras.
    const pebble = await (await withToken(f.token, '/pebble', { count: '2' })).json();
    expect(pebble.bgs).toHaveLength(2);
    expect(pebble.bgs[0]).toMatchObject({
      sgv: '150',
      trend: 3,
      direction: 'FortyFiveUp',
      bgdelta: 8,
      battery: '76',
      iob: '2.35',
      cob: 23.4,
    });
    expect(pebble.status[0].now).toEqual(expect.any(Number));
  });

  it('xDrip+ follower (api-secret: SHA-1 of the token) and the entries query operators, with .csv/.tsv/.txt', async () => {
    const { client } = await signUpAndSignIn(server, 'xdrip-owner@example.com');
    const now = Date.now();
    await uploadLoop(server, await newCredential(client, 'AndroidAPS'), now);
    const f = await newFollower(client, 'xDrip+ watch');
    expect(new URL(f.xdripUrl).username).toBe(f.token);
    const get = (path: string) => nsRequest(server, path, { headers: { 'api-secret': sha1(f.token) } });
    const dates = (await (await get('/api/v1/entries/sgv.json?count=24')).json()).map(
      (e: { date: number }) => e.date,
    );
    expect(dates).toHaveLength(2);
    const [newest, older] = dates;
    const values = async (query: string) =>
      (await (await get(`/api/v1/entries.json?${query}`)).json()).map((e: { sgv: number }) => e.sgv);
    expect(await values(`find[date][$eq]=${older}`)).toEqual([142]);
    expect(await values(`find[date][$in][]=${older}&find[date][$in][]=${newest}`)).toEqual([150, 142]);
    expect(await values(`find[date][$lt]=${newest}`)).toEqual([142]);
    expect(await values(`find[date][$gt]=${older}.0`)).toEqual([150]); // Nightguard sends doubles
    expect(await values(`find[dateString][$gte]=${new Date(newest).toISOString()}`)).toEqual([150]);
    expect(await values(`find[sgv][$gte]=145`)).toEqual([150]);
    expect(await values('count=1')).toEqual([150]);
    const csv = await get('/api/v1/entries.csv?count=1');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toBe(
      `"${new Date(newest).toISOString()}",${newest},150,"FortyFiveUp","AndroidAPS-DexcomG6"`,
    );
    expect(await (await get('/api/v1/entries.tsv?count=1')).text()).toContain(`\t${newest}\t150\t`);
    expect((await get('/api/v1/entries.txt?count=1')).headers.get('content-type')).toContain('text/plain');
    expect((await get('/api/v1/entries.json?find[date][$gte]=yesterday')).status).toBe(400);
  });

  it('a follower token never writes, reads only its person, and is refused once revoked', async () => {
    const { client } = await signUpAndSignIn(server, 'kept-owner@example.com');
    const other = await signUpAndSignIn(server, 'other-owner@example.com');
    const otherCred = await newCredential(other.client, 'Bob xDrip+');
    await uploadLoop(server, otherCred, Date.now());
    const f = await newFollower(client, 'Grandad');
    const treatment = { eventType: 'Note', notes: 'from a follower', created_at: new Date().toISOString() };

    // Writes answer as Nightscout answers a missing permission: 401 on API v1, 403 on API v3.
    for (const res of [
      await withToken(
        f.token,
        '/api/v1/treatments',
        {},
        { method: 'POST', body: JSON.stringify([treatment]) },
      ),
      await nsRequest(server, '/api/v1/entries', {
        method: 'POST',
        headers: { 'api-secret': sha1(f.token), 'content-type': 'application/json' },
        body: JSON.stringify([{ type: 'sgv', sgv: 99, date: Date.now() }]),
      }),
      await withToken(f.token, '/api/v1/devicestatus', {}, { method: 'POST', body: '{}' }),
      await withToken(f.token, '/api/v1/treatments/anything', {}, { method: 'DELETE' }),
    ])
      expect(res.status).toBe(401);
    const jwt = await (await nsRequest(server, `/api/v2/authorization/request/${f.token}`)).json();
    expect(jwt.permissionGroups).toEqual([['*:*:read']]);
    const v3 = (method: string, path: string, body?: unknown) =>
      nsRequest(server, `/api/v3/${path}`, {
        method,
        headers: { authorization: `Bearer ${jwt.token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const refused = await v3('POST', 'treatments', { ...treatment, date: Date.now(), app: 'x' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      status: 403,
      message: 'Missing permission api:treatments:create',
    });
    expect((await (await v3('GET', 'status')).json()).result.apiPermissions.treatments).toBe('r');
    expect((await (await v3('GET', 'treatments')).json()).result).toEqual([]);
    expect(await (await withToken(f.token, '/api/v1/treatments.json')).json()).toEqual([]);

    // Another person's data: not through their address, not at the root.
    const bobPath = new URL(otherCred.baseUrl).pathname;
    expect((await withToken(f.token, `${bobPath}/api/v1/entries.json`)).status).toBe(401);
    expect((await withToken(f.token, `${bobPath}/api/v1/devicestatus.json`)).status).toBe(401);
    expect(await (await withToken(f.token, '/api/v1/devicestatus.json')).json()).toEqual([]);
    expect(await (await withToken(f.token, '/api/v1/entries.json')).json()).toEqual([]);

    // Revoked: every door answers 401 from the next request, the JWT too.
    expect((await client.delete(`/api/v1/devices/nightscout/followers/${f.id}`)).status).toBe(204);
    expect((await withToken(f.token, '/api/v1/status.json')).status).toBe(401);
    expect((await nsRequest(server, `/api/v2/authorization/request/${f.token}`)).status).toBe(401);
    expect((await v3('GET', 'treatments')).status).toBe(401);
    expect((await withToken(jwt.token, '/api/v2/properties')).status).toBe(401);
    expect((await client.delete(`/api/v1/devices/nightscout/followers/${f.id}`)).status).toBe(404);
    // Another person cannot revoke (or see) it.
    const g = await newFollower(client, 'Aunt');
    expect((await other.client.delete(`/api/v1/devices/nightscout/followers/${g.id}`)).status).toBe(404);
  });

  it("routes the root by credential: a token is Nightscout, a session cookie Healthfolio's own API", async () => {
    const { client } = await signUpAndSignIn(server, 'root-owner@example.com');
    const cred = await newCredential(client, 'Loop');
    await uploadLoop(server, cred, Date.now());
    const f = await newFollower(client);
    const own = await client.get('/api/v1/entries?tracker=insulin');
    expect(own.status).toBe(200);
    expect(await own.json()).toHaveProperty('items');
    const ns = await withToken(f.token, '/api/v1/entries');
    expect(Array.isArray(await ns.json())).toBe(true);
    // Nothing at all is the app's own API (which asks for a session), not Nightscout.
    expect((await nsRequest(server, '/api/v1/entries')).status).toBe(401);
    expect((await nsRequest(server, '/api/v1/entries')).headers.get('content-type')).toContain(
      'problem+json',
    );
    // An upload credential at the root too (Loop keeps only the host): its api-secret writes there.
    const loop = await nsRequest(server, '/api/v1/treatments', {
      method: 'POST',
      headers: { 'api-secret': sha1(cred.secret), 'content-type': 'application/json' },
      body: JSON.stringify([
        { eventType: 'Note', notes: 'root', created_at: new Date(Date.now() - MIN).toISOString() },
      ]),
    });
    expect(loop.status).toBe(200);
    const notes = await (
      await withToken(f.token, '/api/v1/treatments.json', { 'find[eventType]': 'Note' })
    ).json();
    expect(notes).toEqual([expect.objectContaining({ notes: 'root' })]);
    // A wrong token at the root is Nightscout's 401.
    expect(await (await withToken('follow-nope', '/api/v1/entries.json')).json()).toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
  });

  it('keeps glucose targets in order, with the defaults until set', async () => {
    const { client } = await signUpAndSignIn(server, 'targets-owner@example.com');
    expect(await (await client.get('/api/v1/glucose/targets')).json()).toEqual({
      urgentLow: 54,
      targetLow: 70,
      targetHigh: 180,
      urgentHigh: 250,
      custom: false,
    });
    const bad = await client.put('/api/v1/glucose/targets', {
      urgentLow: 80,
      targetLow: 70,
      targetHigh: 180,
      urgentHigh: 250,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      'The low end of your range must be above the urgent low',
    );
    expect(
      (
        await client.put('/api/v1/glucose/targets', {
          urgentLow: 55,
          targetLow: 72,
          targetHigh: 170,
          urgentHigh: 260,
        })
      ).status,
    ).toBe(200);
    expect(await (await client.get('/api/v1/glucose/targets')).json()).toMatchObject({
      targetHigh: 170,
      custom: true,
    });
  });
});
