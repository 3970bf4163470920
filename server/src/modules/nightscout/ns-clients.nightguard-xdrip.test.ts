import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, sha1 } from '../../../test/nightscout-apps';
import {
  type Follower,
  getWith,
  MIN,
  minuteReadings,
  newFollower,
  uploadV1,
} from '../../../test/ns-followers';

/**
 * Nightguard (nightscout/nightguard, NightscoutService.swift) and xDrip+ in Nightscout follower mode
 * (cgm/nsfollow/NightscoutFollow.java), request for request, reading a person who keeps mmol/L and
 * whose AndroidAPS and 1-minute CGM upload through xDrip+.
 */
let server: TestServer;
let cred: NsCredential;
let f: Follower;
let now: number;
const HOUR = 60 * MIN;

beforeAll(async () => {
  server = await createTestServer();
  const { client } = await signUpAndSignIn(server, 'guard-xdrip-owner@example.com');
  expect((await client.patch('/api/v1/profile', { glucoseUnit: 'mmol/L' })).status).toBe(200);
  cred = await newCredential(client, 'xDrip+ and AndroidAPS');
  now = Date.now();
  await uploadV1(server, cred, 'entries', minuteReadings(now, 1200));
  await uploadV1(server, cred, 'devicestatus', [
    {
      device: 'openaps://AndroidAPS',
      created_at: new Date(now - 2 * MIN).toISOString(),
      date: now - 2 * MIN,
      uploaderBattery: 54,
      isCharging: true,
      uploader: { battery: 54 },
      openaps: {
        iob: { iob: 1.5, basaliob: 0.2, time: new Date(now - 2 * MIN).toISOString() },
        suggested: { bg: 100, COB: 20, timestamp: new Date(now - 2 * MIN).toISOString() },
      },
      pump: {
        clock: new Date(now - 2 * MIN).toISOString(),
        reservoir: 96.2,
        battery: { percent: 40 },
        extended: {
          ActiveProfile: 'Weekday',
          BaseBasalRate: 0.8,
          TempBasalAbsoluteRate: 1.2,
          TempBasalRemaining: 22,
        },
      },
    },
  ]);
  await uploadV1(server, cred, 'treatments', [
    { eventType: 'Site Change', created_at: new Date(now - 30 * HOUR).toISOString(), enteredBy: 'AAPS' },
    {
      eventType: 'Meal Bolus',
      created_at: new Date(now - 45 * MIN).toISOString(),
      carbs: 30,
      insulin: 3,
      enteredBy: 'AAPS',
    },
    { eventType: 'Note', created_at: new Date(now - 50 * MIN).toISOString(), notes: 'walk', enteredBy: 'me' },
  ]);
  f = await newFollower(client, 'Partner, Nightguard and xDrip+');
});
afterAll(() => server.close());

describe('Nightguard', () => {
  /** getUrlWithPathAndQueryParameters: the base URI's path kept, its token appended last. */
  const ng = (path: string, params: Record<string, string> = {}) =>
    getWith(server, `${new URL(cred.baseUrl).pathname}/${path}`, { ...params, token: f.token });

  it("status.json: the person's units (mmol), thresholds in mg/dl as numbers", async () => {
    const { settings } = await (await ng('api/v1/status.json')).json();
    expect(settings.units).toBe('mmol');
    expect(settings.thresholds).toEqual({
      bgHigh: expect.any(Number),
      bgTargetTop: expect.any(Number),
      bgTargetBottom: expect.any(Number),
      bgLow: expect.any(Number),
    });
    expect(settings.thresholds.bgTargetTop).toBeGreaterThan(20);
  });

  it('readChartDataWithinPeriodOfTime: a day of 1-minute readings, $gt/$lte as Swift doubles, count 1440', async () => {
    const from = now - 24 * HOUR + 0.25;
    const res = await ng('api/v1/entries.json', {
      'find[date][$gt]': String(from),
      'find[date][$lte]': `${now}.0`,
      count: '1440',
    });
    const bgs = await res.json();
    expect(bgs).toHaveLength(1200);
    for (const b of bgs.slice(0, 3)) {
      expect(typeof b.sgv).toBe('number');
      expect(typeof b.date).toBe('number');
      expect(typeof b.direction).toBe('string');
    }
  });

  it('api/v2/properties: bgnow.last in mg/dl, mills, direction, delta, battery, IOB, COB as it casts them', async () => {
    const p = await (await ng('api/v2/properties')).json();
    expect(p.bgnow.last).toBe(100);
    expect(p.bgnow.mills).toBe(now - MIN);
    expect(p.bgnow.sgvs[0].direction).toBe('FortyFiveUp');
    expect(typeof p.delta.display).toBe('string');
    expect(typeof p.delta.mgdl).toBe('number');
    expect(p.upbat.display).toBe('54%');
    // `iob.display as? String`, `cob.display as? Double`.
    expect(p.iob.display).toBe('1.50');
    expect(p.cob.display).toBe(20);
  });

  it('readLastTreatementEventTimestamp: find[created_at][$gte] as a bare UTC date, no suffix', async () => {
    const since = new Date(now - 10 * 24 * HOUR).toISOString().slice(0, 10);
    const list = await (
      await ng('api/v1/treatments', {
        'find[eventType]': 'Site Change',
        'find[created_at][$gte]': since,
        count: '1',
      })
    ).json();
    // DateExtension.fromIsoStringWithMillis: yyyy-MM-dd'T'HH:mm:ss.SSSZ.
    expect(list).toEqual([expect.objectContaining({ created_at: new Date(now - 30 * HOUR).toISOString() })]);
    expect(list[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("readDeviceStatusData: the pump's reservoir and AndroidAPS' extended block among the last 5", async () => {
    const list = await (await ng('api/v1/devicestatus.json', { count: '5' })).json();
    expect(list[0].pump).toMatchObject({
      reservoir: 96.2,
      extended: {
        ActiveProfile: 'Weekday',
        BaseBasalRate: 0.8,
        TempBasalAbsoluteRate: 1.2,
        TempBasalRemaining: 22,
      },
    });
    expect(Array.isArray(await (await ng('api/v1/treatments.json')).json())).toBe(true);
  });

  it("/pebble: bgs as Nightscout's pebble.js writes them, mmol as text with one decimal", async () => {
    const pebble = await (await ng('pebble', { count: '3' })).json();
    expect(pebble.bgs).toHaveLength(3);
    // 100 mg/dl is 5.6 mmol/L; 101 (two minutes ago) makes the delta -0.1.
    expect(pebble.bgs[0]).toMatchObject({
      sgv: '5.6',
      trend: 3,
      direction: 'FortyFiveUp',
      datetime: now - MIN,
    });
    expect(typeof pebble.bgs[0].bgdelta).toBe('string');
    expect(pebble.bgs[0].battery).toBe('54');
    const mgdl = await (await ng('pebble', { units: 'mg/dl' })).json();
    expect(mgdl.bgs).toEqual([expect.objectContaining({ sgv: '100', bgdelta: expect.any(Number) })]);
  });
});

describe('xDrip+ follower', () => {
  /** Retrofit's absolute paths: the site's root, `api-secret` the SHA-1 of the URL's user info. */
  const xd = (path: string, params: Record<string, string> = {}, header = 'api-secret') =>
    getWith(server, path, params, { [header]: sha1(f.token), 'User-Agent': 'xDrip+ 2025.01.01' });

  it('getEntries (no reading yet) and getEntriesSince: count, find[date][$gt], the rr cache buster', async () => {
    const first = await (await xd('/api/v1/entries.json', { count: '10', rr: String(Date.now()) })).json();
    expect(first).toHaveLength(10);
    // messages/Entry.java: sgv int, date double, dateString/sysTime text, direction, type.
    expect(first[0]).toMatchObject({
      type: 'sgv',
      sgv: 100,
      date: now - MIN,
      dateString: new Date(now - MIN).toISOString(),
      sysTime: new Date(now - MIN).toISOString(),
      direction: 'FortyFiveUp',
      _id: expect.any(String),
    });
    const since = await (
      await xd('/api/v1/entries.json', {
        count: String(2 * 24 * 60),
        'find[date][$gt]': String(now - 24 * HOUR),
        rr: String(Date.now()),
      })
    ).json();
    expect(since).toHaveLength(1200);
  });

  it('getTreatments: /api/v1/treatments, carbs and insulin as numbers, created_at ISO, _id', async () => {
    const list = await (await xd('/api/v1/treatments')).json();
    const meal = list.find((t: { eventType: string }) => t.eventType === 'Meal Bolus');
    expect(meal).toMatchObject({
      carbs: 30,
      insulin: 3,
      created_at: new Date(now - 45 * MIN).toISOString(),
      mills: now - 45 * MIN,
    });
    expect(typeof meal._id).toBe('string');
    expect(list.find((t: { eventType: string }) => t.eventType === 'Note')).toMatchObject({ notes: 'walk' });
  });

  it('getDeviceStatus: devicestatus.json?count=1 with date a number (Gson long), batteries as integers', async () => {
    const [ds] = await (await xd('/api/v1/devicestatus.json', { count: '1' })).json();
    expect(ds).toMatchObject({
      date: now - 2 * MIN,
      uploaderBattery: 54,
      isCharging: true,
      uploader: { battery: 54 },
      pump: { reservoir: 96.2, battery: { percent: 40 } },
    });
  });

  it("takes the header in any case, and refuses the token's SHA-1 for another person or a wrong one", async () => {
    expect((await xd('/api/v1/entries.json', { count: '1' }, 'API-SECRET')).status).toBe(200);
    expect((await xd('/api/v1/entries.json', { count: '1' }, 'Api-Secret')).status).toBe(200);
    const wrong = await getWith(server, '/api/v1/entries.json', {}, { 'api-secret': sha1('follow-wrong') });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ status: 401, message: 'Unauthorized' });
  });
});

describe('a site silent for five days', () => {
  it('answers getEntries (count=10, no date) nothing, as Nightscout keeps to four days; a date still reaches back', async () => {
    const { client } = await signUpAndSignIn(server, 'silent-owner@example.com');
    const old = await newCredential(client, 'xDrip+ left at home');
    const fiveDays = Date.now() - 5 * 24 * HOUR;
    await uploadV1(server, old, 'entries', minuteReadings(fiveDays, 3));
    const g = await newFollower(client, 'xDrip+ follower');
    const get = (params: Record<string, string>) =>
      getWith(server, '/api/v1/entries.json', params, { 'api-secret': sha1(g.token) });
    expect(await (await get({ count: '10', rr: String(Date.now()) })).json()).toEqual([]);
    expect(await (await getWith(server, '/api/v1/count/entries/where', { token: g.token })).json()).toEqual(
      [],
    );
    const back = await get({ count: '10', 'find[date][$gte]': String(fiveDays - 10 * MIN) });
    expect((await back.json()).map((e: { date: number }) => e.date)).toEqual([
      fiveDays - MIN,
      fiveDays - 2 * MIN,
      fiveDays - 3 * MIN,
    ]);
  });
});

describe('watch faces (Urchin, Pebble): entries by type in the path', () => {
  it('cal.json answers no calibrations (none are kept), never readings in their place', async () => {
    const at = (path: string) =>
      getWith(server, `${new URL(cred.baseUrl).pathname}/api/v1/${path}`, { count: '3', token: f.token });
    // data.js getLastCalibration: /api/v1/entries/cal.json?count=…, read for slope and intercept.
    const cals = await at('entries/cal.json');
    expect(cals.status).toBe(200);
    expect(await cals.json()).toEqual([]);
    expect(await (await at('entries/mbg.json')).json()).toEqual([]);
    const sgvs = await (await at('entries/sgv.json')).json();
    expect(sgvs.map((e: { type: string }) => e.type)).toEqual(['sgv', 'sgv', 'sgv']);
  });
});

describe('graph watch faces: /pebble?count=576 (48 hours of 5-minute readings)', () => {
  it('answers as many readings as asked, newest first, as Nightscout does from the two days it holds', async () => {
    const res = await getWith(server, '/pebble', { count: '576', token: f.token });
    const { bgs } = await res.json();
    expect(bgs).toHaveLength(576);
    expect(bgs[0].datetime).toBe(now - MIN);
    expect(bgs[575].datetime).toBe(now - 576 * MIN);
    expect(bgs.every((b: { sgv: unknown }) => typeof b.sgv === 'string')).toBe(true);
  });
});
