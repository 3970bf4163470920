import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential } from '../../../test/nightscout-apps';
import {
  type Follower,
  getWith,
  MIN,
  minuteReadings,
  newFollower,
  serverTimeZone,
  uploadV1,
} from '../../../test/ns-followers';

/**
 * LoopFollow (loopandlearn/LoopFollow) following a Loop user, request for request as its
 * NightscoutUtils.constructURL builds them: the site's root (it replaces the path), `?token=` among
 * the query items, its times as `yyyy-MM-dd'T'HH:mm:ss` in UTC without a zone (DateTime.swift
 * getDateTimeString). The server here keeps Tokyo time, as a self-hosted one may.
 */
let server: TestServer;
let restoreZone: () => void;
let f: Follower;
let now: number;
const HOUR = 60 * MIN;

/** DateTime.swift getDateTimeString: UTC clock time, no zone, no fraction. */
const swiftUtc = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const lf = (path: string, params: Record<string, string> = {}) =>
  getWith(server, path, { token: f.token, ...params });

/** What Loop (LoopKit's NightscoutService) uploads: its device status, treatments and profile. */
const loopUploads = (at: number) => ({
  devicestatus: {
    device: 'loop://iPhone',
    created_at: new Date(at - 2 * MIN).toISOString(),
    uploader: { name: 'iPhone', battery: 81, timestamp: new Date(at - 2 * MIN).toISOString() },
    pump: {
      clock: new Date(at - 2 * MIN).toISOString(),
      reservoir: 87.35,
      battery: { percent: 75 },
      bolusing: false,
      suspended: false,
      model: 'Dash',
    },
    loop: {
      timestamp: new Date(at - 2 * MIN).toISOString(),
      name: 'Loop',
      version: '3.4.1',
      iob: { timestamp: new Date(at - 2 * MIN).toISOString(), iob: 1.284 },
      cob: { timestamp: new Date(at - 2 * MIN).toISOString(), cob: 12.5 },
      predicted: { startDate: new Date(at - 2 * MIN).toISOString(), values: [142, 145, 147.5] },
      recommendedBolus: 0,
      enacted: { rate: 0.9, duration: 30, timestamp: new Date(at - 2 * MIN).toISOString(), received: true },
    },
  },
  treatments: [
    { eventType: 'Site Change', created_at: new Date(at - 2 * HOUR).toISOString(), enteredBy: 'Loop' },
    { eventType: 'Site Change', created_at: new Date(at - 80 * HOUR).toISOString(), enteredBy: 'Loop' },
    { eventType: 'Sensor Start', created_at: new Date(at - 3 * HOUR).toISOString(), enteredBy: 'Loop' },
    { eventType: 'Insulin Change', created_at: new Date(at - 4 * HOUR).toISOString(), enteredBy: 'Loop' },
    {
      eventType: 'Temp Basal',
      created_at: new Date(at - 20 * MIN).toISOString(),
      rate: 0.9,
      absolute: 0.9,
      duration: 30,
      enteredBy: 'Loop',
      id: 'B8D3C5E2-0C1E-4F5C-9F8A-2C9D5A9E1A01',
    },
    {
      eventType: 'Correction Bolus',
      created_at: new Date(at - 30 * MIN).toISOString(),
      insulin: 1.25,
      automatic: true,
      enteredBy: 'Loop',
      id: '0F4E2A57-93B2-4A52-8C4E-7E7A4E0C2B11',
    },
  ],
  profile: {
    defaultProfile: 'Default',
    startDate: new Date(at - 24 * HOUR).toISOString(),
    mills: at - 24 * HOUR,
    units: 'mg/dL',
    enteredBy: 'Loop',
    store: {
      Default: {
        timezone: 'Asia/Tokyo',
        units: 'mg/dL',
        dia: 6,
        basal: [{ time: '00:00', timeAsSeconds: 0, value: 0.8 }],
        sens: [{ time: '00:00', timeAsSeconds: 0, value: 45 }],
        carbratio: [{ time: '00:00', timeAsSeconds: 0, value: 9 }],
        target_low: [{ time: '00:00', timeAsSeconds: 0, value: 100 }],
        target_high: [{ time: '00:00', timeAsSeconds: 0, value: 115 }],
      },
    },
    loopSettings: { dosingEnabled: true, maximumBolus: 6, overridePresets: [] },
  },
});

beforeAll(async () => {
  restoreZone = serverTimeZone('Asia/Tokyo');
  server = await createTestServer();
  const { client } = await signUpAndSignIn(server, 'loopfollow-owner@example.com');
  const cred = await newCredential(client, 'Loop');
  now = Date.now();
  // A day of 1-minute readings: more than a thousand.
  await uploadV1(server, cred, 'entries', minuteReadings(now, 1200));
  const u = loopUploads(now);
  await uploadV1(server, cred, 'devicestatus', u.devicestatus);
  await uploadV1(server, cred, 'treatments', u.treatments);
  await uploadV1(server, cred, 'profile', u.profile);
  f = await newFollower(client, 'Mum, LoopFollow');
});
afterAll(async () => {
  await server.close();
  restoreZone();
});

describe('LoopFollow following Loop', () => {
  it('verifyURLAndToken: status.json with ?token= names a read-only subject and the JWT', async () => {
    const res = await lf('/api/v1/status.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.authorized.token).toEqual(expect.any(String));
    // LoopFollow grants itself writes only for a "*" or api:treatments:create group.
    const groups: string[][] = doc.authorized.permissionGroups;
    expect(groups.some((g) => g.includes('*') || g.includes('api:treatments:create'))).toBe(false);
    expect(doc.settings.units).toBe('mg/dl');
    expect(typeof doc.settings.thresholds.bgHigh).toBe('number');
    expect((await getWith(server, '/api/v1/status.json', { token: 'follow-wrong' })).status).toBe(401);
  });

  it('BGData: the whole day of 1-minute readings it asks for, newest first, sgv and date as numbers', async () => {
    const res = await lf('/api/v1/entries.json', {
      count: String(2 * 4 * 24 * 12),
      'find[date][$gte]': String(now - 2 * 24 * HOUR),
      'find[type][$ne]': 'cal',
    });
    const entries = await res.json();
    expect(entries).toHaveLength(1200);
    expect(entries[0]).toMatchObject({ sgv: 100, date: now - MIN, direction: 'FortyFiveUp' });
    expect(entries.at(-1).date).toBe(now - 1200 * MIN);
    expect(entries.every((e: { sgv: unknown; date: unknown }) => Number.isInteger(e.sgv))).toBe(true);
  });

  it('CAge, SAge, IAge: the newest change up to now, with times in UTC and no zone', async () => {
    const cage = await (
      await lf('/api/v1/treatments.json', {
        'find[eventType]': 'Site Change',
        'find[created_at][$lte]': swiftUtc(Date.now()),
        count: '1',
      })
    ).json();
    expect(cage).toEqual([expect.objectContaining({ created_at: new Date(now - 2 * HOUR).toISOString() })]);
    for (const [eventType, ago] of [
      ['Sensor Start', 3 * HOUR],
      ['Insulin Change', 4 * HOUR],
    ] as const) {
      const found = await (
        await lf('/api/v1/treatments.json', {
          'find[eventType]': eventType,
          'find[created_at][$gte]': swiftUtc(Date.now() - 60 * 24 * HOUR),
          'find[created_at][$lte]': swiftUtc(Date.now()),
          count: '1',
        })
      ).json();
      expect(found.map((t: { created_at: string }) => t.created_at)).toEqual([
        new Date(now - ago).toISOString(),
      ]);
    }
  });

  it('Treatments: the download days up to 6 hours ahead, as Loop sent them (numbers, ids, automatic)', async () => {
    const list = await (
      await lf('/api/v1/treatments.json', {
        'find[created_at][$gte]': swiftUtc(Date.now() - 24 * HOUR),
        'find[created_at][$lte]': swiftUtc(Date.now() + 6 * HOUR),
        count: '5000',
      })
    ).json();
    expect(list.map((t: { eventType: string }) => t.eventType)).toEqual([
      'Temp Basal',
      'Correction Bolus',
      'Site Change',
      'Sensor Start',
      'Insulin Change',
    ]);
    expect(list[0]).toMatchObject({ rate: 0.9, absolute: 0.9, duration: 30, id: expect.any(String) });
    expect(list[1]).toMatchObject({ insulin: 1.25, automatic: true });
  });

  it('DeviceStatus: the newest Loop status, its numbers as numbers', async () => {
    const [ds] = await (await lf('/api/v1/devicestatus.json', { count: '1' })).json();
    expect(ds.loop).toMatchObject({
      iob: { iob: 1.284 },
      cob: { cob: 12.5 },
      predicted: { values: [142, 145, 147.5] },
      enacted: { rate: 0.9, duration: 30 },
    });
    expect(ds.pump).toMatchObject({ reservoir: 87.35, battery: { percent: 75 }, model: 'Dash' });
    expect(ds.uploader.battery).toBe(81);
  });

  it('Profile: profiles.json, count=1, startDate at or before a minute from now (fractional ISO)', async () => {
    const [profile] = await (
      await lf('/api/v1/profiles.json', {
        count: '1',
        'find[startDate][$lte]': new Date(Date.now() + MIN).toISOString(),
      })
    ).json();
    expect(profile).toMatchObject({ defaultProfile: 'Default', units: 'mg/dL' });
    expect(profile.store.Default).toMatchObject({
      basal: [{ value: 0.8, time: '00:00', timeAsSeconds: 0 }],
      sens: [{ value: 45 }],
      carbratio: [{ value: 9 }],
      timezone: 'Asia/Tokyo',
      units: 'mg/dL',
    });
  });

  it('DBSize: api/v2/properties/dbsize answers an object it can decode', async () => {
    const res = await lf('/api/v2/properties/dbsize');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body).toBe('object');
    expect(Array.isArray(body)).toBe(false);
  });
});
