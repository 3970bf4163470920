import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import {
  androidAps,
  type NsCredential,
  newCredential,
  nsRequest,
  sha1,
  xdrip,
} from '../../../test/nightscout-apps';
import { type Follower, getWith, newFollower } from '../../../test/ns-followers';
import { socketData } from './ns-socket-data';

/**
 * API v1's `entries/{spec}` as cgm-remote-monitor answers it (lib/api/entries: an ObjectId is that
 * one entry, whatever its age; anything else names a type), `find[_id]`, and the fields an uploader
 * sends beyond the reading, answered back as Nightscout stores them.
 */
let server: TestServer;
let cred: NsCredential;
let f: Follower;
type Entry = { _id: string; sgv?: number; mbg?: number; date: number; type: string };
let posted: Entry[];
const DAY = 24 * 3_600_000;
// A week old: outside the four days Nightscout keeps an entries query to when it names no time or id.
const OLD = Date.now() - 7 * DAY;
const RECENT = Date.now() - 3_600_000;

beforeAll(async () => {
  server = await createTestServer();
  const { client } = await signUpAndSignIn(server, 'spec-owner@example.com');
  cred = await newCredential(client);
  f = await newFollower(client, 'LoopFollow');
  const res = await xdrip(server, cred).post('entries', [
    { type: 'sgv', sgv: 111, date: OLD, dateString: new Date(OLD).toISOString(), device: 'xDrip-G6' },
    // Same second, another millisecond and another device: the id still tells them apart.
    { type: 'sgv', sgv: 112, date: OLD + 400, device: 'xDrip-Libre' },
    { type: 'mbg', mbg: 140, date: RECENT, device: 'xDrip-G6' },
    { type: 'sgv', sgv: 150, date: RECENT - 60_000, device: 'xDrip-G6' },
  ]);
  expect(res.status).toBe(200);
  posted = await res.json();
});
afterAll(() => server.close());

const get = (path: string, params: Record<string, string> = {}) =>
  getWith(server, `/api/v1/${path}`, { ...params, token: f.token });
const values = (docs: Entry[]) => docs.map((d) => d.sgv ?? d.mbg);

describe('entries/{spec}', () => {
  it('an _id answers that entry, however old, with or without .json, and ignores the rest of the query', async () => {
    const [old, sameSecond] = posted;
    expect(old!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(sameSecond!._id).not.toBe(old!._id);
    for (const path of [`entries/${old!._id}`, `entries/${old!._id}.json`]) {
      const res = await get(path, { count: '5', 'find[sgv]': '400' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([expect.objectContaining({ _id: old!._id, sgv: 111, date: OLD })]);
    }
    expect(values(await (await get(`entries/${sameSecond!._id}.json`)).json())).toEqual([112]);
    // The id the upload answered is the one reads answer.
    const listed: Entry[] = await (await get('entries.json', { 'find[date][$gte]': String(OLD - 1) })).json();
    expect(listed.find((e) => e.sgv === 111)?._id).toBe(old!._id);
  });

  it("an id that is no entry of this person's is a 404 problem, never someone else's entry", async () => {
    const { client } = await signUpAndSignIn(server, 'spec-other@example.com');
    const other = await newFollower(client, 'Nightguard');
    const res = await getWith(server, `/api/v1/entries/${posted[0]!._id}.json`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await get(`entries/${'0'.repeat(24)}.json`)).status).toBe(404);
  });

  it('a type in the path names the kind over find[type]; current is the newest entry of any kind, whatever the query', async () => {
    expect(values(await (await get('entries/sgv.json')).json())).toEqual([150]);
    expect(values(await (await get('entries/sgv.json', { 'find[type]': 'cal' })).json())).toEqual([150]);
    expect(values(await (await get('entries/mbg.json', { 'find[type]': 'sgv' })).json())).toEqual([140]);
    expect(await (await get('entries/cal.json')).json()).toEqual([]);
    // The fingerstick is the newest entry; cgm-remote-monitor's `current` takes no type and no find.
    expect(values(await (await get('entries/current.json', { 'find[sgv][$gte]': '400' })).json())).toEqual([
      140,
    ]);
    expect(values(await (await get('entries/current', { count: '3' })).json())).toEqual([140]);
    expect(
      values(
        await (await get('entries/sgv.json', { 'find[date][$gte]': String(OLD - 1), count: '10' })).json(),
      ),
    ).toEqual([150, 112, 111]);
  });

  it('find[_id] and find[_id][$in] find entries by id over all time; $ne leaves one out', async () => {
    const [old, sameSecond, mbg] = posted;
    expect(values(await (await get('entries.json', { 'find[_id]': old!._id })).json())).toEqual([111]);
    expect(
      values(
        await (
          await get(`entries.json?find[_id][$in][]=${old!._id}&find[_id][$in][]=${mbg!._id}&token=${f.token}`)
        ).json(),
      ),
    ).toEqual([140, 111]);
    expect(
      values(
        await (
          await get('entries.json', {
            'find[date][$gte]': String(OLD - 1),
            'find[_id][$ne]': sameSecond!._id,
          })
        ).json(),
      ),
    ).toEqual([140, 150, 111]);
    expect(await (await get('entries.json', { 'find[_id]': 'not-an-id' })).json()).toEqual([]);
  });

  it('API v3 reads an entry by its identifier or by the _id v1 answered', async () => {
    const aaps = await androidAps(server, cred);
    const byV1 = await aaps.call('GET', `v3/entries/${posted[0]!._id}`);
    expect(byV1.status).toBe(200);
    const { result } = await byV1.json();
    expect(result).toMatchObject({ sgv: 111, date: OLD, identifier: expect.any(String) });
    const byIdentifier = await aaps.call('GET', `v3/entries/${result.identifier}`);
    expect((await byIdentifier.json()).result).toMatchObject({ sgv: 111, _id: posted[0]!._id });
    expect((await aaps.call('GET', `v3/entries/${'0'.repeat(24)}`)).status).toBe(404);
  });

  it('DELETE entries/{id} deletes that uploaded reading alone', async () => {
    const app = xdrip(server, cred);
    const res = await app.delete(`entries/${posted[1]!._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deletedCount: 1 });
    expect((await get(`entries/${posted[1]!._id}.json`)).status).toBe(404);
    expect((await get(`entries/${posted[0]!._id}.json`)).status).toBe(200);
    expect(await (await app.delete(`entries/${posted[1]!._id}`)).json()).toMatchObject({ deletedCount: 0 });
  });
});

describe('what xDrip+ uploads besides sensor readings', () => {
  it('a calibration is accepted and answered as Nightscout answers it, not kept; a fingerstick is a meter reading', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'cal-owner@example.com');
    const owner = await newCredential(client);
    const phone = xdrip(server, owner);
    const follower = await newFollower(client, 'Nightguard');
    const at = Date.now() - 20 * 60_000;
    // xDrip+'s populateV1APICalibrationEntry and populateV1APIMeterReadingEntry, with a reading.
    const cal = { device: 'xDrip-DexcomG6', type: 'cal', date: at, dateString: new Date(at).toISOString() };
    const batch = [
      { ...cal, slope: 1031.2, intercept: -22_000, scale: 1 },
      { device: 'xDrip-DexcomG6', type: 'mbg', date: at, dateString: new Date(at).toISOString(), mbg: 131 },
      { device: 'xDrip-DexcomG6', type: 'sgv', date: at + 1000, sgv: 128, direction: 'Flat' },
    ];
    const res = await phone.post('entries', batch);
    expect(res.status).toBe(200);
    const answered = (await res.json()) as Record<string, unknown>[];
    expect(answered).toHaveLength(3);
    const calDoc = answered.find((d) => d.type === 'cal')!;
    expect(calDoc).toMatchObject({
      type: 'cal',
      slope: 1031.2,
      intercept: -22_000,
      scale: 1,
      date: at,
      device: 'xDrip-DexcomG6',
    });
    expect(calDoc._id).toMatch(/^[0-9a-f]{24}$/);
    // A replay answers it with the same id.
    const again = (await (await phone.post('entries', [batch[0]])).json()) as Record<string, unknown>[];
    expect(again).toEqual([expect.objectContaining({ type: 'cal', _id: calDoc._id })]);
    // Counted as a calibration, neither skipped nor stored as a reading.
    expect(
      (await importAudits(server, userId)).map((a) => [a.received, a.stored, a.skipped, a.calibrations]),
    ).toEqual([
      [3, 2, 0, 1],
      [1, 0, 0, 1],
    ]);
    const read = async (path: string, params: Record<string, string> = {}) =>
      (await (await getWith(server, `/api/v1/${path}`, { ...params, token: follower.token })).json()) as {
        type: string;
        device: string;
      }[];
    // Not kept, so no read answers it (the departure from Nightscout that docs/devices.md names).
    expect(await read('entries.json', { 'find[type]': 'cal' })).toEqual([]);
    expect(await read('entries/cal.json')).toEqual([]);
    const all = await read('entries.json');
    expect(all.map((d) => d.type)).toEqual(['sgv', 'mbg']);
    expect(all[1]!.device).toBe('healthfolio-meter');
    const logged = (await (await client.get('/api/v1/entries?tracker=blood-glucose')).json()).items;
    expect(logged.map((e: { data: unknown }) => e.data)).toEqual([
      expect.objectContaining({ glucose: 131, source: 'meter' }),
    ]);
    // API v3 (AndroidAPS) takes one as Nightscout does too.
    const aaps = await androidAps(server, owner);
    const v3 = await aaps.call('POST', 'v3/entries', {
      ...cal,
      date: at - 60_000,
      app: 'AndroidAPS',
      utcOffset: 0,
      slope: 1000,
      intercept: 0,
      scale: 1,
    });
    expect(v3.status).toBe(201);
  });
});

describe('the fields an uploader sends beyond the reading', () => {
  /** xDrip+'s populateV1APIBGEntry, from a phone two hours east of UTC. */
  const xdripEntry = (date: number, sgv: number) => {
    const local = new Date(date + 2 * 3_600_000).toISOString().replace('Z', '+0200');
    return {
      device: 'xDrip-DexcomG6',
      date,
      dateString: local,
      sgv,
      delta: -2.5,
      direction: 'Flat',
      type: 'sgv',
      filtered: 152_352.5,
      unfiltered: 149_888,
      rssi: 100,
      noise: 2,
      sysTime: local,
    };
  };
  const AT = Date.now() - 10 * 60_000;

  it('are kept and answered back on v1, v3 and the socket, as Nightscout stores what it is sent, never trusted', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'fields-owner@example.com');
    const owner = await newCredential(client);
    const follower = await newFollower(client, 'xDrip+ follower');
    const sent = {
      ...xdripEntry(AT, 150),
      // Not ours to take: our own fields are answered from the reading, whatever is sent.
      _id: 'abc',
      mills: 1,
      srvModified: 2,
      // Too big to keep: left out, the rest kept.
      blob: 'x'.repeat(5000),
    };
    const before = { ...xdripEntry(AT - 5 * 60_000, 140), delta: 90 };
    const posted = await (await xdrip(server, owner).post('entries', [sent, before])).json();
    const expected = {
      sgv: 150,
      date: AT,
      dateString: new Date(AT).toISOString(),
      sysTime: new Date(AT).toISOString(),
      utcOffset: 120,
      delta: -2.5,
      filtered: 152_352.5,
      unfiltered: 149_888,
      rssi: 100,
      noise: 2,
      device: 'xDrip-DexcomG6',
    };
    expect(posted[0]).toMatchObject(expected);
    const res = await getWith(server, '/api/v1/entries/sgv.json', { count: '1', token: follower.token });
    const [read] = await res.json();
    expect(read).toMatchObject({ ...expected, _id: posted[0]._id, mills: AT });
    expect(read).not.toHaveProperty('blob');
    const aaps = await androidAps(server, owner);
    const { result } = await (await aaps.call('GET', 'v3/entries?limit=1&sort$desc=date')).json();
    expect(result[0]).toMatchObject({
      ...expected,
      identifier: expect.any(String),
      srvModified: expect.any(Number),
    });
    expect(result[0].srvModified).not.toBe(2);
    // The socket's runtime sgvs carry the sensor's figures (Nightscout's dataloader).
    const data = await socketData(server.deps.db, userId, 1);
    expect(data.sgvs.at(-1)).toMatchObject({
      mgdl: 150,
      noise: 2,
      filtered: 152_352.5,
      unfiltered: 149_888,
      rssi: 100,
    });
    // Kept to answer back, never trusted: the delta Healthfolio reports is worked out from the readings.
    const props = await nsRequest(server, `${new URL(owner.baseUrl).pathname}/api/v2/properties/delta`, {
      headers: { 'api-secret': sha1(owner.secret) },
    });
    expect((await props.json()).delta).toMatchObject({ mgdl: 10 });
  });
  it('a replay with other fields replaces the kept ones (the latest upload wins, as Nightscout’s upsert); one without leaves them', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'fields-replay@example.com');
    const phone = xdrip(server, await newCredential(client));
    const follower = await newFollower(client, 'Nightguard');
    // A recent reading (the upload that also checks for lows) and a week-old one (history only).
    const recent = AT - 60_000;
    const old = Date.now() - 7 * DAY;
    const first = [xdripEntry(recent, 150), xdripEntry(old, 90)];
    expect((await phone.post('entries', first)).status).toBe(200);
    const again = (date: number, sgv: number) => ({
      ...xdripEntry(date, sgv),
      noise: 4,
      rssi: 61,
      filtered: 150_000,
      unfiltered: 151_000,
      delta: 1.5,
    });
    const replay = await phone.post('entries', [again(recent, 150), again(old, 90)]);
    expect(replay.status).toBe(200);
    const latest = { noise: 4, rssi: 61, filtered: 150_000, unfiltered: 151_000, delta: 1.5, utcOffset: 120 };
    expect(await replay.json()).toEqual([expect.objectContaining(latest), expect.objectContaining(latest)]);
    const read = async () =>
      (await (
        await getWith(server, '/api/v1/entries/sgv.json', {
          'find[date][$gte]': String(old - 1),
          count: '10',
          token: follower.token,
        })
      ).json()) as Record<string, unknown>[];
    expect(await read()).toEqual([
      expect.objectContaining({ sgv: 150, date: recent, ...latest }),
      expect.objectContaining({ sgv: 90, date: old, ...latest }),
    ]);
    const data = await socketData(server.deps.db, userId, 1);
    expect(data.sgvs.at(-1)).toMatchObject({ mgdl: 150, noise: 4, rssi: 61 });

    // A resend without any of them (a plain reading) keeps what was kept; a batch that repeats one
    // reading keeps the last fields it sent, and is still one reading.
    const plain = { type: 'sgv', sgv: 150, date: recent, device: 'xDrip-DexcomG6' };
    expect((await phone.post('entries', [plain])).status).toBe(200);
    expect((await read())[0]).toMatchObject(latest);
    const twice = await phone.post('entries', [
      { ...again(old, 90), noise: 1 },
      { ...again(old, 90), noise: 3 },
    ]);
    expect(twice.status).toBe(200);
    expect((await read()).map((d) => [d.sgv, d.noise])).toEqual([
      [150, 4],
      [90, 3],
    ]);
    // Replays store no reading more: each counts as a duplicate.
    expect((await importAudits(server, userId)).map((a) => [a.stored, a.duplicates])).toEqual([
      [2, 0],
      [0, 2],
      [0, 1],
      [0, 2],
    ]);
    expect((await (await client.get('/api/v1/glucose/status')).json()).totalReadings).toBe(2);
  });
});
