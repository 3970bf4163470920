import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits, withoutAuditInsert } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import {
  type NsCredential,
  newCredential,
  nsRequest,
  sha1,
  xdrip as xdripApp,
} from '../../../test/nightscout-apps';
import { createLogger } from '../../http/log-safety';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-ns@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-ns@example.com')).client;
});
afterAll(() => server.close());

const request = (path: string, init?: RequestInit) => nsRequest(server, path, init);
const xdrip = (cred: NsCredential) => xdripApp(server, cred);

const DAY_START = Date.now() - 24 * 3_600_000;
/** A day of 5-minute xDrip+ readings, shaped as NightscoutUploader.populateV1APIBGEntry builds them. */
const xdripDay = Array.from({ length: 288 }, (_, i) => {
  const date = DAY_START + i * 300_000;
  const stamp = new Date(date).toISOString().replace('Z', '+0000');
  return {
    device: 'xDrip-DexcomG6',
    date,
    dateString: stamp,
    sgv: 100 + Math.round(40 * Math.sin(i / 20)),
    delta: 1.234,
    direction: 'Flat',
    type: 'sgv',
    filtered: 120000,
    unfiltered: 121000,
    rssi: 100,
    noise: 1,
    sysTime: stamp,
  };
});

describe('Nightscout upload credentials', () => {
  it('shows the secret once and keeps neither it nor its SHA-1 (what the apps send)', async () => {
    const cred = await newCredential(alice);
    expect(cred.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cred.baseUrl).toMatch(/^http:\/\/localhost:3000\/ns\/[A-Za-z0-9_-]{16}$/);
    expect(cred.xdripUrl).toBe(
      `http://${cred.secret}@localhost:3000${new URL(cred.baseUrl).pathname}/api/v1/`,
    );
    const list = await (await alice.get('/api/v1/devices/nightscout/credentials')).json();
    expect(list.items.map((i: { id: string }) => i.id)).toContain(cred.id);
    expect(JSON.stringify(list)).not.toContain(cred.secret);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select * from ns_upload_credentials`),
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(cred.secret);
    expect(stored).not.toContain(sha1(cred.secret));
  });

  it('refuses a name that is empty, with a problem listing the field', async () => {
    const res = await alice.post('/api/v1/devices/nightscout/credentials', { name: ' ' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe('name');
  });
});

describe('the Nightscout uploader API', () => {
  it('answers status.json like Nightscout to the SHA-1 api-secret, and 401 to a wrong or missing one', async () => {
    const cred = await newCredential(alice);
    const app = xdrip(cred);
    const status = await app.get('status.json');
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'ok', version: '15.0.7', apiEnabled: true });
    const wrong = await app.get('status.json', { 'api-secret': sha1('not-the-secret') });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ status: 401, message: 'Unauthorized' });
    const path = new URL(cred.baseUrl).pathname;
    expect((await request(`${path}/api/v1/status.json`)).status).toBe(401);
    expect((await request('/ns/AAAAAAAAAAAAAAAA/api/v1/status.json')).status).toBe(401);
  });

  it('a low reading uploaded by a phone app starts the low-glucose follow-up, announced live', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'dana-ns@example.com');
    const heard: string[] = [];
    const off = await server.deps.bus.subscribe(userId, { onMessage: (m) => heard.push(m.event) });
    const app = xdrip(await newCredential(client));
    const now = Date.now() - 60_000;
    const low = { ...xdripDay[0], date: now, dateString: new Date(now).toISOString(), sgv: 58 };
    expect((await app.post('entries', [low])).status).toBe(200);
    const { items } = await (await client.get('/api/v1/hypo/follow-ups')).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ valueMgdl: 58, status: 'active' });
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toContain('notification.created');
    off();
    // The next upload is back in range: the follow-up has recovered. A batch whose newest reading is
    // in range (an older low beside it) starts none.
    const at = (ms: number, sgv: number) => ({
      ...low,
      date: ms,
      dateString: new Date(ms).toISOString(),
      sgv,
    });
    expect((await app.post('entries', [at(now + 30_000, 96)])).status).toBe(200);
    const after = await (await client.get('/api/v1/hypo/follow-ups')).json();
    expect(after.items).toMatchObject([{ valueMgdl: 58, status: 'recovered' }]);
    expect((await app.post('entries', [at(now + 40_000, 60), at(now + 50_000, 101)])).status).toBe(200);
    expect((await (await client.get('/api/v1/hypo/follow-ups')).json()).items).toHaveLength(1);
  });

  it('stores a day of xDrip+ uploads once: replays add nothing, and the readings reach the statistics', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'carol-ns@example.com');
    const app = xdrip(await newCredential(client));
    // xDrip+ posts what is new since its last upload: here an hour at a time.
    for (let h = 0; h < 24; h++) {
      const res = await app.post('entries', xdripDay.slice(h * 12, h * 12 + 12));
      expect(res.status).toBe(200);
      const docs = await res.json();
      expect(docs).toHaveLength(12);
      expect(docs[0]).toMatchObject({ type: 'sgv', date: xdripDay[h * 12]!.date, device: 'xDrip-DexcomG6' });
      expect(docs[0]._id).toMatch(/^[0-9a-f]{24}$/);
    }
    // A retry after a lost answer resends everything, in both path forms.
    expect((await app.post('entries', xdripDay)).status).toBe(200);
    expect((await app.post('entries.json', xdripDay.slice(0, 50))).status).toBe(200);
    // One audit row per upload, with its counts (never a value).
    const upload = { resource: 'glucose_reading', source: 'nightscout-upload', skipped: 0 };
    expect(await importAudits(server, userId)).toEqual([
      ...Array.from({ length: 24 }, () => ({ ...upload, received: 12, stored: 12, duplicates: 0 })),
      { ...upload, received: 288, stored: 0, duplicates: 288 },
      { ...upload, received: 50, stored: 0, duplicates: 50 },
    ]);
    const stats = await (await client.get('/api/v1/glucose/stats?days=2')).json();
    expect(stats.statistics.count).toBe(288);
    const sensor = await (await client.get('/api/v1/glucose/status')).json();
    expect(sensor).toMatchObject({ cgmConnected: true, totalReadings: 288 });
    const latest = await (await client.get('/api/v1/glucose/readings?limit=1')).json();
    expect(latest.items[0]).toMatchObject({
      valueMgdl: xdripDay[287]!.sgv,
      source: 'device:nightscout:xDrip-DexcomG6',
    });
  });

  it('serves the readings back as entries (sgv.json, .json, no suffix, current, find[date])', async () => {
    const { client } = await signUpAndSignIn(server, 'dave-ns@example.com');
    const app = xdrip(await newCredential(client));
    await app.post('entries', xdripDay.slice(0, 24));
    const five = await (await app.get('entries/sgv.json?count=5')).json();
    expect(five.map((e: { date: number }) => e.date)).toEqual(
      xdripDay
        .slice(19, 24)
        .map((e) => e.date)
        .reverse(),
    );
    expect(five[0]).toMatchObject({ type: 'sgv', sgv: xdripDay[23]!.sgv, device: 'xDrip-DexcomG6' });
    expect(await (await app.get('entries.json?count=5')).json()).toEqual(five);
    expect(await (await app.get('entries?count=5')).json()).toEqual(five);
    expect(await (await app.get('entries/current.json')).json()).toEqual([five[0]]);
    const since = xdripDay[20]!.date;
    const after = await (await app.get(`entries/sgv.json?find[date][$gte]=${since}&count=100`)).json();
    expect(after).toHaveLength(4);
  });

  it('takes the secret as a token (?token=, Bearer) as well', async () => {
    const cred = await newCredential(alice);
    const path = new URL(cred.baseUrl).pathname;
    const q = await request(`${path}/api/v1/entries/sgv.json?token=${cred.secret}`);
    expect(q.status).toBe(200);
    const b = await request(`${path}/api/v1/status.json`, {
      headers: { authorization: `Bearer ${cred.secret}` },
    });
    expect(b.status).toBe(200);
    expect((await request(`${path}/api/v1/status.json?token=wrong`)).status).toBe(401);
  });

  it('turns carbs into meal entries and insulin into insulin entries, once, from xDrip+ and AndroidAPS', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'erin-ns@example.com');
    const app = xdrip(await newCredential(client));
    const at = Date.now() - 3_600_000;
    const xdripTreatment = {
      timestamp: at,
      eventType: '<none>',
      enteredBy: 'xdrip',
      notes: 'Pasta',
      uuid: '6f1c1f0e-0000-4000-8000-000000000001',
      carbs: 60,
      insulin: 0,
      created_at: new Date(at).toISOString(),
      sysTime: new Date(at).toISOString().replace('Z', '+0000'),
    };
    // AndroidAPS (NSClient v1) bolus records.
    const aaps = [
      {
        eventType: 'Meal Bolus',
        insulin: 4.5,
        carbs: 40,
        created_at: new Date(at + 600_000).toISOString(),
        date: at + 600_000,
        enteredBy: 'openaps://AndroidAPS',
        isSMB: false,
        pumpId: 4711,
      },
      {
        eventType: 'Correction Bolus',
        insulin: 1.25,
        created_at: new Date(at + 1_200_000).toISOString(),
        date: at + 1_200_000,
        enteredBy: 'openaps://AndroidAPS',
      },
      { eventType: 'Temp Basal', absolute: 0.4, duration: 30, created_at: new Date(at).toISOString() },
    ];
    const posted = await app.post('treatments', [xdripTreatment]);
    expect(posted.status).toBe(200);
    // xDrip+'s own id comes back as the `_id` it deletes the treatment by.
    expect((await posted.json())[0]._id).toBe(xdripTreatment.uuid);
    expect((await app.post('treatments', aaps)).status).toBe(200);
    // Replays, including xDrip+'s PUT upsert of one record.
    await app.post('treatments', aaps);
    expect((await app.post('treatments', xdripTreatment, 'PUT')).status).toBe(200);
    // Counted in entries (a meal bolus is two: meal and insulin) and in treatments kept whole, the
    // temp basal among them; a replay replaces the documents and adds no entry.
    const upload = { resource: 'entry', source: 'nightscout-upload', treatmentsSkipped: 0 };
    const kept = (n: number, replaced: number) => ({ treatmentsKept: n, treatmentsReplaced: replaced });
    expect(await importAudits(server, userId)).toEqual([
      { ...upload, received: 1, stored: 1, duplicates: 0, skipped: 0, ...kept(1, 0) },
      { ...upload, received: 3, stored: 3, duplicates: 0, skipped: 1, ...kept(3, 0) },
      { ...upload, received: 3, stored: 0, duplicates: 3, skipped: 1, ...kept(0, 3) },
      { ...upload, received: 1, stored: 0, duplicates: 1, skipped: 0, ...kept(0, 1) },
    ]);

    const meals = (await (await client.get('/api/v1/entries?tracker=meal')).json()).items;
    expect(meals.map((m: { data: { carbs: number } }) => m.data.carbs).sort()).toEqual([40, 60]);
    expect(meals.find((m: { data: { carbs: number } }) => m.data.carbs === 60).notes).toBe('Pasta');
    const insulin = (await (await client.get('/api/v1/entries?tracker=insulin')).json()).items;
    expect(insulin.map((i: { data: unknown }) => i.data)).toEqual([
      { meal_insulin: 0, correction_insulin: 1.25, total_insulin: 1.25 },
      { meal_insulin: 4.5, correction_insulin: 0, total_insulin: 4.5, carbs: 40 },
    ]);
  });

  it('writes an upload whole or not at all: when the audit row cannot be written, the app may resend it all', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'gus-ns@example.com');
    const app = xdrip(await newCredential(client));
    const at = Date.now() - 7_200_000;
    const boluses = Array.from({ length: 20 }, (_, i) => ({
      eventType: 'Meal Bolus',
      insulin: 2,
      carbs: 30,
      date: at + i * 300_000,
      enteredBy: 'openaps://AndroidAPS',
    }));
    const refused = await withoutAuditInsert(server, async () => ({
      treatments: await app.post('treatments', boluses),
      entries: await app.post('entries', xdripDay.slice(0, 24)),
    }));
    expect(refused.treatments.status).toBe(503);
    expect(refused.entries.status).toBe(503);
    const entryCount = async () =>
      (await (await client.get('/api/v1/entries?limit=100')).json()).items.length as number;
    expect(await entryCount()).toBe(0);
    expect((await (await client.get('/api/v1/glucose/status')).json()).totalReadings).toBe(0);
    // No key was left claimed: the resend stores everything.
    expect((await app.post('treatments', boluses)).status).toBe(200);
    expect((await app.post('entries', xdripDay.slice(0, 24))).status).toBe(200);
    expect(await entryCount()).toBe(40);
    expect((await (await client.get('/api/v1/glucose/status')).json()).totalReadings).toBe(24);
    expect((await importAudits(server, userId)).map((a) => [a.resource, a.stored])).toEqual([
      ['entry', 40],
      ['glucose_reading', 24],
    ]);
  });

  it('stores a fingerstick (mbg) as a meter reading that shows as a logged entry', async () => {
    const { client } = await signUpAndSignIn(server, 'fay-ns@example.com');
    const app = xdrip(await newCredential(client));
    const date = Date.now() - 60_000;
    await app.post('entries', [{ device: 'xDrip-DexcomG6', type: 'mbg', date, mbg: 142 }]);
    const items = (await (await client.get('/api/v1/entries?tracker=blood-glucose')).json()).items;
    expect(items).toHaveLength(1);
    expect(items[0].data).toMatchObject({ glucose: 142, source: 'meter' });
  });

  it('answers 400 to a body that is not JSON, storing nothing', async () => {
    const cred = await newCredential(bob);
    const path = new URL(cred.baseUrl).pathname;
    const res = await request(`${path}/api/v1/entries`, {
      method: 'POST',
      headers: { 'api-secret': sha1(cred.secret), 'content-type': 'application/json' },
      body: '[{"sgv": 100,',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).status).toBe(400);
  });

  it('refuses a revoked credential from the next request, and keeps users apart', async () => {
    const a = await newCredential(alice);
    const b = await newCredential(bob);
    const aPath = new URL(a.baseUrl).pathname;
    // Bob's secret on Alice's address is no way in.
    const crossed = await request(`${aPath}/api/v1/entries`, {
      method: 'POST',
      headers: { 'api-secret': sha1(b.secret), 'content-type': 'application/json' },
      body: JSON.stringify(xdripDay.slice(0, 3)),
    });
    expect(crossed.status).toBe(401);
    // Nor can Bob revoke Alice's credential.
    expect((await bob.delete(`/api/v1/devices/nightscout/credentials/${a.id}`)).status).toBe(404);
    const app = xdrip(a);
    expect((await app.get('status.json')).status).toBe(200);
    expect((await alice.delete(`/api/v1/devices/nightscout/credentials/${a.id}`)).status).toBe(204);
    expect((await app.get('status.json')).status).toBe(401);
    expect((await app.post('entries', xdripDay.slice(0, 3))).status).toBe(401);
    const bobReadings = await (await bob.get('/api/v1/glucose/readings')).json();
    expect(bobReadings.items).toEqual([]);
  });
});

describe('the log of Nightscout uploads', () => {
  it('holds the route pattern, never the address, the token or the values', async () => {
    const lines: string[] = [];
    const logged = await createTestServer(
      {},
      {},
      { logger: createLogger('trace', { write: (s: string) => void lines.push(s) }) },
    );
    try {
      const { client } = await signUpAndSignIn(logged, 'gail-ns@example.com');
      const created = await client.post('/api/v1/devices/nightscout/credentials', { name: 'phone' });
      const cred = (await created.json()) as NsCredential;
      const path = new URL(cred.baseUrl).pathname;
      const res = await logged.app.request(`${path}/api/v1/entries?token=${cred.secret}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { type: 'sgv', sgv: 187, date: Date.now() - 60_000, device: 'xDrip-Secretive' },
        ]),
      });
      expect(res.status).toBe(200);
      // AndroidAPS: the access token travels in the path of the JWT request, the JWT in a header.
      const jwt = await logged.app.request(`/api/v2/authorization/request/${cred.secret}`);
      const { token } = (await jwt.json()) as { token: string };
      const v3 = await logged.app.request(`${path.toLowerCase()}/api/v3/entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'sgv',
          sgv: 188,
          date: Date.now(),
          app: 'AAPS',
          device: 'AAPS-Secretive',
        }),
      });
      expect(v3.status).toBe(201);
      // A follower at the site's root: the token in the query, a JWT in the path of its request.
      const follower = await client.post('/api/v1/devices/nightscout/followers', { name: 'Mum' });
      const followToken = (await follower.json()).token as string;
      const status = await logged.app.request(`/api/v1/status.json?token=${followToken}`);
      const followJwt = ((await status.json()) as { authorized: { token: string } }).authorized.token;
      expect((await logged.app.request(`/api/v1/entries.json?token=${followJwt}`)).status).toBe(200);
      expect((await logged.app.request(`/api/v2/authorization/request/${followToken}`)).status).toBe(200);
      const text = lines.join('');
      expect(text).toContain('/ns/:slug/api/v1/:rest');
      expect(text).toContain('/api/v2/authorization/request/:accessToken');
      expect(text).toContain('/ns/:slug/api/v3/:rest');
      for (const secret of [
        cred.secret,
        path,
        path.toLowerCase(),
        token,
        'xDrip-Secretive',
        'AAPS-Secretive',
        followToken,
        followJwt,
      ])
        expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
