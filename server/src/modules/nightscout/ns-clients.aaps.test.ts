import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN, uploadLoop } from '../../../test/aaps-loop';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential, nsRequest } from '../../../test/nightscout-apps';
import { type Follower, newFollower } from '../../../test/ns-followers';

/**
 * AndroidAPS' NSClient v3 (core/nssdk NightscoutRemoteService) following with a read-only token: the
 * JWT from /api/v2/authorization/request/{token} at the root, then its exact calls relative to the
 * site address ("v3/entries?sort$desc=date&type=sgv"), Bearer JWT.
 */
let server: TestServer;
let f: Follower;
let jwt: string;
let now: number;
let u: Awaited<ReturnType<typeof uploadLoop>>;

beforeAll(async () => {
  server = await createTestServer();
  const { client } = await signUpAndSignIn(server, 'aaps-follow-owner@example.com');
  now = Date.now();
  u = await uploadLoop(server, await newCredential(client, 'AndroidAPS'), now);
  f = await newFollower(client, 'AAPSClient on the school phone');
});
afterAll(() => server.close());

/** Retrofit with the base `https://host/api/`: `v3/…` with the query as the annotation writes it. */
const call = (pathAndQuery: string) =>
  nsRequest(server, `/api/${pathAndQuery}`, { headers: { Authorization: `Bearer ${jwt}` } });
const result = async (pathAndQuery: string) => {
  const res = await call(pathAndQuery);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.status).toBe(200);
  return body.result;
};

describe('AndroidAPS NSClient v3 with a follower token', () => {
  it('NightscoutAuthRefreshService: a JWT with iat and exp as numbers, read-only permissions', async () => {
    const res = await nsRequest(server, `/api/v2/authorization/request/${f.token}`);
    expect(res.status).toBe(200);
    const auth = await res.json();
    expect(auth).toMatchObject({
      token: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(auth.exp - auth.iat).toBe(8 * 3600);
    jwt = auth.token;
    const status = await result('v3/status');
    expect(status.apiPermissions).toMatchObject({ entries: 'r', treatments: 'r', devicestatus: 'r' });
    expect(typeof status.version).toBe('string');
    expect(typeof status.srvDate).toBe('number');
  });

  it('lastModified: each collection as epoch ms', async () => {
    const lm = await result('v3/lastModified');
    expect(typeof lm.srvDate).toBe('number');
    for (const col of ['entries', 'treatments', 'devicestatus', 'profile'])
      expect(lm.collections[col]).toEqual(expect.any(Number));
  });

  it('getSgvs and getSgvsNewerThan: newest first, or ascending after date$gt with a limit', async () => {
    const sgvs = await result('v3/entries?sort$desc=date&type=sgv');
    expect(sgvs.map((e: { sgv: number }) => e.sgv)).toEqual([150, 142]);
    // RemoteEntry: sgv, date, identifier, srvModified, units, direction.
    expect(sgvs[0]).toMatchObject({
      type: 'sgv',
      sgv: 150,
      date: u.sgvs[1]!.date,
      direction: 'FortyFiveUp',
      identifier: expect.any(String),
      srvModified: expect.any(Number),
      units: 'mg/dl',
    });
    const newer = await result(`v3/entries?sort=date&date$gt=${u.sgvs[0]!.date - 1}&limit=500`);
    expect(newer.map((e: { sgv: number }) => e.sgv)).toEqual([142, 150]);
    expect(await result(`v3/entries?sort=date&date$gt=${u.sgvs[1]!.date}&limit=500`)).toEqual([]);
  });

  it('getSgvsModifiedSince: history from a srvModified, its ETag the last one', async () => {
    const res = await call(`v3/entries/history/${now - 60 * MIN}?limit=500`);
    const { result: list } = await res.json();
    expect(list).toHaveLength(2);
    expect(res.headers.get('etag')).toBe(`W/"${list.at(-1).srvModified}"`);
  });

  it('getTreatmentsNewerThan: sort=created_at, created_at$gt as an ISO string, ascending', async () => {
    const since = new Date(now - 3 * 86_400_000).toISOString();
    const list = await result(`v3/treatments?sort=created_at&created_at$gt=${since}&limit=500`);
    expect(list.map((t: { eventType: string }) => t.eventType)).toEqual([
      'Site Change',
      'Meal Bolus',
      'Temp Basal',
    ]);
    expect(list[2]).toMatchObject({
      identifier: 'tb-4711',
      date: u.treatments[0]!.date,
      rate: 1.4,
      duration: 30,
      srvModified: expect.any(Number),
    });
    const history = await result(`v3/treatments/history/${now - 60 * MIN}?limit=500`);
    expect(history).toHaveLength(3);
  });

  it('getDeviceStatusModifiedSince (no limit) and getLastProfile', async () => {
    const [ds] = await result(`v3/devicestatus/history/${now - 60 * MIN}`);
    expect(ds.openaps.iob.iob).toBe(2.351);
    expect(ds.pump).toMatchObject({ reservoir: 112.5, battery: { percent: 64 } });
    expect(ds).toMatchObject({ identifier: expect.any(String), srvModified: expect.any(Number) });
    const [profile] = await result('v3/profile?sort$desc=date&limit=1');
    expect(profile).toMatchObject({ defaultProfile: 'Weekday', date: u.profile.date });
    expect(profile.store.Weekday.basal).toEqual([{ time: '00:00', timeAsSeconds: 0, value: 0.85 }]);
  });

  it('getFoods: an empty list it can read; a write is refused with the permission it lacks', async () => {
    expect(await result('v3/food?limit=100')).toEqual([]);
    const res = await nsRequest(server, '/api/v3/treatments', {
      method: 'POST',
      headers: { Authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'Note', date: Date.now(), app: 'AAPS', notes: 'x' }),
    });
    expect(res.status).toBe(403);
  });
});
