import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential, nsRequest, xdrip } from '../../../test/nightscout-apps';

/**
 * The rest of Nightscout's API v1 read side, as cgm-remote-monitor's lib/api/entries and
 * lib/api/treatments answer it: entries/current, /times and /slice patterns, /count/…/where, and
 * Last-Modified / If-Modified-Since (304) on entries and treatments; and the requests
 * nightscout-reporter (lib/src/start_component.dart) sends with a follower token, as it sends them.
 */
let server: TestServer;
let token: string;
const MIN = 60_000;
const HOUR = 60 * MIN;
/** Yesterday 00:00 UTC: every document below is on that day (or the day before it). */
const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 24 * HOUR;
const date = new Date(day).toISOString().slice(0, 10);
const at = (h: number, m = 0) => day + h * HOUR + m * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const SGV_TIMES = [at(12, 55), at(13), at(13, 5), at(13, 10), at(14), at(19)];

beforeAll(async () => {
  server = await createTestServer();
  const { client } = await signUpAndSignIn(server, 'reporter-owner@example.com');
  const loop = xdrip(server, await newCredential(client, 'xDrip+'));
  const entries = await loop.post('entries', [
    ...SGV_TIMES.map((ms, i) => ({
      type: 'sgv',
      sgv: 100 + i * 10,
      date: ms,
      dateString: iso(ms),
      direction: 'Flat',
      device: 'xDrip-DexcomG6',
    })),
    { type: 'mbg', mbg: 95, date: at(13, 2), dateString: iso(at(13, 2)), device: 'xDrip-Meter' },
  ]);
  expect(entries.status).toBe(200);
  const treatments = await loop.post('treatments', [
    { eventType: 'Temp Basal', created_at: iso(day - 2 * HOUR), absolute: 0.6, duration: 240 },
    { eventType: 'Correction Bolus', created_at: iso(at(13, 1)), insulin: 1.5 },
    { eventType: 'Temp Basal', created_at: iso(at(13, 30)), absolute: 1.1, duration: 30 },
    { eventType: 'Profile Switch', created_at: iso(at(6)), profile: 'Weekday', duration: 0 },
  ]);
  expect(treatments.status).toBe(200);
  const status = await loop.post('devicestatus', {
    device: 'openaps://phone',
    created_at: iso(at(13, 3)),
    openaps: { iob: { iob: 0.9, timestamp: iso(at(13, 3)) } },
  });
  expect(status.status).toBe(200);
  const f = await client.post('/api/v1/devices/nightscout/followers', { name: 'nightscout-reporter' });
  token = (await f.json()).token;
});
afterAll(() => server.close());

/** At the site's root, as nightscout-reporter's UrlData.fullUrl builds it: `?token=…&` then the params, unencoded. */
const reporter = (cmd: string, params = '', init?: RequestInit) =>
  nsRequest(server, `/api/v1/${cmd}?token=${token}${params ? `&${params}` : ''}`, init);
// biome-ignore lint/suspicious/noExplicitAny: Nightscout documents are read loosely here.
const json = async (res: Response): Promise<any> => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

describe('nightscout-reporter’s requests', () => {
  it('reads a day of entries, the temp basal running into it, its treatments, device status and profile switches', async () => {
    expect((await json(await reporter('status.json'))).status).toBe('ok');
    // The two newest entries (its connection check), then the day's entries in one request.
    expect(
      (await json(await reporter('entries.json', 'count=2'))).map((e: { date: number }) => e.date),
    ).toEqual([at(19), at(14)]);
    const entries = await json(
      await reporter(
        'entries.json',
        `find[date][$gte]=${day}&find[date][$lte]=${day + 24 * HOUR - 1}&count=100000`,
      ),
    );
    expect(entries).toHaveLength(7);
    expect(entries.find((e: { type: string }) => e.type === 'mbg')).toMatchObject({ mbg: 95 });
    // The last temp basal of the day before.
    const before = await json(
      await reporter(
        'treatments.json',
        `find[created_at][$lt]=${iso(day)}&find[created_at][$gt]=${iso(day - 24 * HOUR)}&count=100&find[eventType][$eq]=Temp%20Basal`,
      ),
    );
    expect(before).toEqual([
      expect.objectContaining({ eventType: 'Temp Basal', absolute: 0.6, duration: 240 }),
    ]);
    const treatments = await json(
      await reporter(
        'treatments.json',
        `find[created_at][$gte]=${iso(day)}&find[created_at][$lte]=${iso(day + 24 * HOUR - 1)}&count=100000`,
      ),
    );
    expect(treatments.map((t: { eventType: string }) => t.eventType).sort()).toEqual([
      'Correction Bolus',
      'Profile Switch',
      'Temp Basal',
    ]);
    const statuses = await json(
      await reporter(
        'devicestatus.json',
        `find[created_at][$gte]=${iso(day)}&find[created_at][$lte]=${iso(day + 24 * HOUR - 1)}&count=100000`,
      ),
    );
    expect(statuses).toEqual([expect.objectContaining({ device: 'openaps://phone' })]);
    const year = new Date(day).getUTCFullYear() - 1;
    const switches = await json(
      await reporter(
        'treatments.json',
        `find[created_at][$gte]=${year}-01-01T00:00:00.000Z&find[eventType]=Profile Switch`,
      ),
    );
    expect(switches).toEqual([expect.objectContaining({ eventType: 'Profile Switch', profile: 'Weekday' })]);
    expect(await json(await reporter('profile.json', 'count=100'))).toEqual([]);
  });
});

describe('entries/current, /times, /slice and /count', () => {
  it('entries/current is the newest sensor reading, as an array of one', async () => {
    const current = await json(await reporter('entries/current.json'));
    expect(current).toEqual([expect.objectContaining({ type: 'sgv', sgv: 150, date: at(19) })]);
  });

  it('/times matches the brace-expanded times of day on dateString, newest first', async () => {
    // Nightscout's own example: /api/v1/times/2015-04/T{13..18}:{00..15}
    const times = await json(await reporter(`times/${date}/T13:{00..05}.json`));
    expect(times.map((e: { date: number }) => e.date)).toEqual([at(13, 5), at(13, 2), at(13)]);
    const hours = await json(await reporter(`times/${date}/T{13..14}:{00..15}.json`, 'find[sgv][$gte]=120'));
    expect(hours.map((e: { sgv: number }) => e.sgv)).toEqual([140, 130, 120]);
    // A prefix of several values (braces in the prefix) anchors each.
    const either = await json(await reporter(`times/${date.slice(0, 4)}{-,x}/T19.json`));
    expect(either.map((e: { date: number }) => e.date)).toEqual([at(19)]);
    expect(await json(await reporter('times/1999-01/T13.json'))).toEqual([]);
  });

  it('/slice reads entries of one type, or treatments, by a pattern on the field named', async () => {
    const mbg = await json(await reporter(`slice/entries/dateString/mbg/${date}.json`));
    expect(mbg).toEqual([expect.objectContaining({ type: 'mbg', mbg: 95 })]);
    const sgv = await json(await reporter(`slice/entries/dateString/sgv/${date}/T1{2,3}.json`));
    expect(sgv.map((e: { date: number }) => e.date)).toEqual([at(13, 10), at(13, 5), at(13), at(12, 55)]);
    // The third part is the type: a date there matches no treatment.
    const ofDay = await json(await reporter(`slice/treatments/created_at/${date}`));
    expect(ofDay).toEqual([]);
    // Without a prefix, every treatment of all time (no four-day default), newest first.
    const all = await json(await reporter('slice/treatments/created_at.json', 'count=10'));
    expect(all.map((t: { eventType: string }) => t.eventType)).toEqual([
      'Temp Basal',
      'Correction Bolus',
      'Profile Switch',
      'Temp Basal',
    ]);
  });

  it('/count/…/where answers Nightscout’s aggregate: [{_id: null, count}], [] when nothing matches', async () => {
    expect(
      await json(await reporter('count/entries/where', `find[date][$gte]=${day}&find[type]=sgv`)),
    ).toEqual([{ _id: null, count: 6 }]);
    expect(
      await json(
        await reporter(
          'count/treatments/where',
          `find[eventType]=Temp Basal&find[created_at][$gte]=${iso(day - 24 * HOUR)}`,
        ),
      ),
    ).toEqual([{ _id: null, count: 2 }]);
    expect(await json(await reporter('count/entries/where', 'find[date][$gte]=9999999999999'))).toEqual([]);
  });

  it('refuses a pattern that expands too far or is no date pattern (400), and stays 401 without a token', async () => {
    for (const path of [
      'times/2015/{1..100000}',
      'times/2015/T{1..30}:{1..30}',
      'times/x/(%3C=a)',
      'times/a/b{c{d}}',
    ])
      expect((await reporter(path)).status, path).toBe(400);
    expect((await nsRequest(server, `/api/v1/times/${date}/T13`)).status).not.toBe(200);
    expect((await nsRequest(server, `/api/v1/count/entries/where`)).status).not.toBe(200);
  });
});

describe('Last-Modified and If-Modified-Since', () => {
  it('entries and treatments carry the newest document’s time and answer 304 when nothing is newer', async () => {
    const res = await reporter('entries.json', 'count=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('last-modified')).toBe(new Date(at(19)).toUTCString());
    const same = await reporter('entries.json', 'count=3', {
      headers: { 'If-Modified-Since': new Date(at(19)).toUTCString() },
    });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    const older = await reporter('entries/sgv.json', 'count=3', {
      headers: { 'If-Modified-Since': new Date(at(18)).toUTCString() },
    });
    expect(older.status).toBe(200);
    expect(await older.json()).toHaveLength(3);

    const window = `find[created_at][$gte]=${iso(day)}`;
    const t = await reporter('treatments.json', window);
    expect(t.headers.get('last-modified')).toBe(new Date(at(13, 30)).toUTCString());
    const t304 = await reporter('treatments.json', window, {
      headers: { 'if-modified-since': new Date(at(14)).toUTCString() },
    });
    expect(t304.status).toBe(304);
    // Device status has no Last-Modified in Nightscout either.
    const ds = await reporter('devicestatus.json', `find[created_at][$gte]=${iso(day)}`);
    expect(ds.headers.get('last-modified')).toBeNull();
  });
});
