import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, nsRequest } from '../../../test/nightscout-apps';

/**
 * AndroidAPS' NSClient v3 against the API v3 (core/nssdk: NightscoutRemoteService, NSAuthInterceptor,
 * NetworkStackBuilder). It lower-cases the whole address, sends `Authorization: Bearer <jwt>` and
 * `Date: <ms>` on every call, and on a 401 asks `GET /api/v2/authorization/request/{accessToken}` at the
 * site's root (an absolute path in its Retrofit service) for a new JWT.
 */
let server: TestServer;
let alice: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-aaps@example.com')).client;
});
afterAll(() => server.close());

const requestJwt = (accessToken: string) =>
  nsRequest(server, `/api/v2/authorization/request/${encodeURIComponent(accessToken)}`);

/** An NSClient v3 as AndroidAPS builds it from its "Nightscout URL" and "NS access token" settings. */
const aaps = async (cred: NsCredential) => {
  const base = `${new URL(cred.baseUrl.toLowerCase()).pathname}/api/`;
  const auth = await requestJwt(cred.secret);
  expect(auth.status).toBe(200);
  const { token } = await auth.json();
  const call = (method: string, path: string, body?: unknown) =>
    nsRequest(server, base + path, {
      method,
      headers: {
        Date: String(Date.now()),
        Authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json; charset=UTF-8' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  return { token, base, call };
};

const AT = Date.now() - 3_600_000;
/** NSSgvV3.toRemoteEntry() with `app = "AAPS"`, as Gson writes it (nulls left out). */
const sgv = (date: number, value: number, direction = 'FortyFiveUp') => ({
  type: 'sgv',
  sgv: value,
  date,
  device: 'AndroidAPS-DexcomG6',
  direction,
  utcOffset: 60,
  isReadOnly: false,
  isValid: true,
  units: 'mg/dl',
  app: 'AAPS',
});
/** NSBolus and NSCarbs from one bolus wizard, as TreatmentMapper.toRemoteTreatment() builds them. */
const bolus = {
  date: AT,
  utcOffset: 60,
  isReadOnly: false,
  isValid: true,
  eventType: 'Meal Bolus',
  pumpId: 4711,
  pumpType: 'ACCU_CHEK_INSIGHT',
  pumpSerial: '33013206',
  insulin: 4.5,
  type: 'NORMAL',
  isBasalInsulin: false,
  app: 'AAPS',
};
const carbs = {
  date: AT,
  utcOffset: 60,
  isReadOnly: false,
  isValid: true,
  eventType: 'Carb Correction',
  carbs: 45,
  duration: 0,
  durationInMilliseconds: 0,
  app: 'AAPS',
};

describe('AndroidAPS NSClient v3', () => {
  it('trades the access token (the secret) for an 8-hour JWT, and refuses a wrong one', async () => {
    const cred = await newCredential(alice, 'AndroidAPS');
    const res = await requestJwt(cred.secret);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      sub: 'AndroidAPS',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(body.exp - body.iat).toBe(8 * 3600);
    expect(Array.isArray(body.permissionGroups)).toBe(true);
    expect(body.token).not.toContain(cred.secret);
    expect((await requestJwt(`${cred.secret}x`)).status).toBe(401);
    expect((await requestJwt('')).status).toBe(404);
  });

  it('answers status with full permissions (AndroidAPS writes only then), version to anyone, 401 without a good JWT', async () => {
    const cred = await newCredential(alice);
    const { base, call, token } = await aaps(cred);
    const status = await call('GET', 'v3/status');
    expect(status.status).toBe(200);
    expect((await status.json()).result).toMatchObject({
      version: '15.0.7',
      apiVersion: expect.stringMatching(/^3\./),
      apiPermissions: {
        devicestatus: 'crud',
        entries: 'crud',
        food: 'crud',
        profile: 'crud',
        settings: 'crud',
        treatments: 'crud',
      },
    });
    const listed = (await (await alice.get('/api/v1/devices/nightscout/credentials')).json()).items;
    expect(listed.find((i: { id: string }) => i.id === cred.id).lastUsedAt).not.toBeNull();
    expect((await nsRequest(server, `${base}v3/version`)).status).toBe(200);
    expect((await nsRequest(server, `${base}v3/status`)).status).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    const bad = await nsRequest(server, `${base}v3/status`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ status: 401, message: 'Bad access token or JWT' });
    // Another credential's JWT does not open this one's address.
    const other = await aaps(await newCredential(alice));
    const crossed = await nsRequest(server, `${base}v3/status`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(crossed.status).toBe(401);
  });

  it('stores an uploaded sgv with its trend arrow once, and serves it back by search, history and lastModified', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'gil-aaps@example.com');
    const { call } = await aaps(await newCredential(client));
    const first = await call('POST', 'v3/entries', sgv(AT, 131));
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({
      status: 201,
      identifier: expect.any(String),
      lastModified: expect.any(Number),
    });
    const replay = await call('POST', 'v3/entries', sgv(AT, 131));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ identifier: created.identifier, isDeduplication: true });
    await call('POST', 'v3/entries', sgv(AT + 300_000, 140, 'SingleUp'));
    // One document, one audit row with its counts.
    const one = { resource: 'glucose_reading', source: 'nightscout-upload', received: 1, skipped: 0 };
    expect(await importAudits(server, userId)).toEqual([
      { ...one, stored: 1, duplicates: 0 },
      { ...one, stored: 0, duplicates: 1 },
      { ...one, stored: 1, duplicates: 0 },
    ]);

    const newest = await (await call('GET', 'v3/entries?sort$desc=date&type=sgv')).json();
    expect(newest.status).toBe(200);
    expect(newest.result.map((e: { sgv: number; direction: string }) => [e.sgv, e.direction])).toEqual([
      [140, 'SingleUp'],
      [131, 'FortyFiveUp'],
    ]);
    expect(newest.result[1]).toMatchObject({ identifier: created.identifier, date: AT, type: 'sgv' });
    const newer = await (await call('GET', `v3/entries?sort=date&date$gt=${AT}&limit=500`)).json();
    expect(newer.result.map((e: { sgv: number }) => e.sgv)).toEqual([140]);

    const history = await call('GET', 'v3/entries/history/0?limit=500');
    expect(history.headers.get('etag')).toMatch(/^W\/"\d+"$/);
    const changed = (await history.json()).result;
    expect(changed).toHaveLength(2);
    const lastModified = (await (await call('GET', 'v3/lastModified')).json()).result;
    expect(lastModified.collections.entries).toBe(
      Math.max(...changed.map((e: { srvModified: number }) => e.srvModified)),
    );
    const later = await (await call('GET', `v3/entries/history/${lastModified.collections.entries}`)).json();
    expect(later.result).toEqual([]);
    // The readings reach the app's own glucose store.
    const stats = await (await client.get('/api/v1/glucose/readings')).json();
    expect(JSON.stringify(stats)).toContain('131');
  });

  it('turns a bolus and its carbs into entries once, deletes them by identifier, and leaves entries made in the app', async () => {
    const { client } = await signUpAndSignIn(server, 'hal-aaps@example.com');
    const { call } = await aaps(await newCredential(client));
    const made = await client.post('/api/v1/entries', {
      tracker: 'meal',
      occurredAt: new Date(AT).toISOString(),
      data: { carbs: 12 },
    });
    expect(made.status).toBe(201);
    const b = await call('POST', 'v3/treatments', bolus);
    const c = await call('POST', 'v3/treatments', carbs);
    expect([b.status, c.status]).toEqual([201, 201]);
    const bolusId = (await b.json()).identifier;
    const carbsId = (await c.json()).identifier;
    expect(bolusId).not.toBe(carbsId);
    const again = await call('POST', 'v3/treatments', bolus);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ identifier: bolusId, isDeduplication: true });
    // What else NSClient v3 sends at start and while looping: kept for followers (food is only answered).
    for (const [col, doc] of [
      [
        'devicestatus',
        { date: AT, utcOffset: 0, app: 'AAPS', device: 'openaps://samsung SM-G970F', pump: {} },
      ],
      ['profile', { date: AT, utcOffset: 0, app: 'AAPS', defaultProfile: 'Default', store: {} }],
      ['food', { date: AT, utcOffset: 0, app: 'AAPS', name: 'Apple', carbs: 12 }],
      [
        'treatments',
        { date: AT, utcOffset: 60, app: 'AAPS', eventType: 'Temp Basal', rate: 0.5, duration: 30 },
      ],
    ] as const)
      expect((await call('POST', `v3/${col}`, doc)).status).toBe(201);
    expect(
      (
        await (
          await call('GET', 'v3/treatments?sort=created_at&created_at$gt=2020-01-01T00:00:00Z&limit=500')
        ).json()
      ).result,
    ).toEqual(
      ['Meal Bolus', 'Carb Correction', 'Temp Basal'].map((eventType) =>
        expect.objectContaining({ eventType }),
      ),
    );
    expect((await (await call('GET', 'v3/devicestatus/history/0')).json()).result).toEqual([
      expect.objectContaining({ device: 'openaps://samsung SM-G970F', pump: {} }),
    ]);

    const tracked = async (tracker: string) =>
      (await (await client.get(`/api/v1/entries?tracker=${tracker}`)).json()).items.map(
        (i: { data: Record<string, number> }) => i.data.carbs ?? i.data.total_insulin,
      );
    expect((await tracked('meal')).sort()).toEqual([12, 45]);
    expect(await tracked('insulin')).toEqual([4.5]);

    expect((await call('DELETE', `v3/treatments/${carbsId}`)).status).toBe(200);
    expect(await tracked('meal')).toEqual([12]);
    expect(await tracked('insulin')).toEqual([4.5]);
    expect((await call('DELETE', `v3/treatments/${carbsId}`)).status).toBe(404);
    // Deleted stays deleted when AndroidAPS sends the record again.
    await call('POST', 'v3/treatments', carbs);
    expect(await tracked('meal')).toEqual([12]);
  });

  it("refuses a create without Nightscout's required fields, storing nothing", async () => {
    const { client, userId } = await signUpAndSignIn(server, 'ida-aaps@example.com');
    const { call } = await aaps(await newCredential(client));
    const { date: _, ...noDate } = bolus;
    const res = await call('POST', 'v3/treatments', noDate);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, message: 'Bad or missing date field' });
    const noApp = await call('POST', 'v3/entries', { ...sgv(AT, 100), app: undefined });
    expect(await noApp.json()).toMatchObject({ status: 400, message: 'Bad or missing app field' });
    expect((await call('GET', 'v3/entries')).status).toBe(200);
    expect((await (await call('GET', 'v3/entries')).json()).result).toEqual([]);
    expect(await importAudits(server, userId)).toEqual([]);
    expect((await call('GET', 'v3/nonsense')).status).toBe(404);
  });

  it("deletes only its own user's uploads, and a revoked credential's JWT fails from the next request", async () => {
    const { client: kim } = await signUpAndSignIn(server, 'kim-aaps@example.com');
    const { client: lou } = await signUpAndSignIn(server, 'lou-aaps@example.com');
    const kimCred = await newCredential(kim);
    const kimApp = await aaps(kimCred);
    const louApp = await aaps(await newCredential(lou));
    const { identifier } = await (await kimApp.call('POST', 'v3/entries', sgv(AT, 150))).json();
    expect((await louApp.call('DELETE', `v3/entries/${identifier}`)).status).toBe(404);
    expect((await (await kimApp.call('GET', 'v3/entries')).json()).result).toHaveLength(1);
    expect((await kimApp.call('DELETE', `v3/entries/${identifier}`)).status).toBe(200);
    expect((await (await kimApp.call('GET', 'v3/entries')).json()).result).toEqual([]);

    expect((await kim.delete(`/api/v1/devices/nightscout/credentials/${kimCred.id}`)).status).toBe(204);
    expect((await kimApp.call('GET', 'v3/status')).status).toBe(401);
    expect((await requestJwt(kimCred.secret)).status).toBe(401);
  });
});
