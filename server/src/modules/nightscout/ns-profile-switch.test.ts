import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aaps, MIN, uploadLoop } from '../../../test/aaps-loop';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, nsRequest, sha1 } from '../../../test/nightscout-apps';
import { activeSwitchAt, effectiveProfile, type ProfileSwitch, switchOf } from './ns-profile-switch';

const H = 3600_000;
const T0 = Date.parse('2026-03-02T00:00:00Z');
const sw = (hours: number, profile: string, extra: Partial<ProfileSwitch> = {}): ProfileSwitch => ({
  occurredAt: new Date(T0 + hours * H),
  profile,
  percentage: 100,
  timeshiftHours: 0,
  durationMinutes: 0,
  profileJson: null,
  ...extra,
});
const store = {
  defaultProfile: 'Weekday',
  startDate: new Date(T0 - 24 * H).toISOString(),
  store: {
    Weekday: {
      basal: [
        { time: '00:00', timeAsSeconds: 0, value: 0.8 },
        { time: '06:00', timeAsSeconds: 21_600, value: 1.2 },
      ],
      carbratio: [{ time: '00:00', value: 10 }],
      sens: [{ time: '00:00', value: 40 }],
    },
    Sport: { basal: [{ time: '00:00', value: 0.5 }], carbratio: [{ time: '00:00', value: 15 }] },
  },
};

describe('which profile is in force (cgm-remote-monitor profilefunctions)', () => {
  it('the newest permanent switch holds; a temporary one runs its duration, then hands back', () => {
    const switches = [sw(5, 'Sport', { durationMinutes: 60 }), sw(1, 'Weekday'), sw(-48, 'Old')].reverse();
    const newestFirst = [...switches].reverse();
    expect(activeSwitchAt(newestFirst, store, T0)).toBeUndefined(); // "Old" predates the store
    expect(activeSwitchAt(newestFirst, store, T0 + 2 * H)?.profile).toBe('Weekday');
    expect(activeSwitchAt(newestFirst, store, T0 + 5.5 * H)?.profile).toBe('Sport');
    expect(activeSwitchAt(newestFirst, store, T0 + 6.5 * H)?.profile).toBe('Weekday');
  });

  it('a percentage scales basal up and ratios down; a time shift moves the schedule', () => {
    const doc = effectiveProfile(store, sw(0, 'Weekday', { percentage: 150, timeshiftHours: 2 })) as {
      defaultProfile: string;
      store: Record<
        string,
        { basal: { timeAsSeconds: number; value: number }[]; carbratio: { value: number }[] }
      >;
    };
    expect(doc.defaultProfile).toBe('Weekday');
    // 1.2 U/h from 06:00 shifted by +2 h starts at 04:00; 0.8 × 1.5 before it.
    expect(doc.store.Weekday?.basal.map((b) => [b.timeAsSeconds / 3600, b.value])).toEqual([
      [0, 1.2],
      [4, 1.8],
      [22, 1.2],
    ]);
    expect(doc.store.Weekday?.carbratio[0]?.value).toBeCloseTo(6.6667, 3);
    // The store itself is untouched.
    expect(store.store.Weekday.basal[0]?.value).toBe(0.8);
  });

  it('a profile the store lacks comes from the switch’s profileJson; without either the default stays', () => {
    const brought = switchOf({
      eventType: 'Profile Switch',
      profile: 'Holiday',
      percentage: '80',
      duration: 0,
      profileJson: JSON.stringify({ basal: [{ time: '00:00', value: 1 }] }),
    });
    expect(brought).toMatchObject({ profile: 'Holiday', percentage: 80, durationMinutes: 0 });
    const doc = effectiveProfile(store, { ...brought!, occurredAt: new Date(T0) }) as {
      defaultProfile: string;
      store: Record<string, { basal: { value: number }[] }>;
    };
    expect(doc.defaultProfile).toBe('Holiday');
    expect(doc.store.Holiday?.basal[0]?.value).toBe(0.8);
    expect(effectiveProfile(store, sw(0, 'Nowhere'))).toBe(store);
    expect(switchOf({ eventType: 'Note', profile: 'X' })).toBeNull();
    expect(switchOf({ eventType: 'Profile Switch', profile: '' })).toBeNull();
  });
});

describe('profile switches uploaded by AndroidAPS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('are answered back as Nightscout does, and put the switched profile in force for followers and the loop card', async () => {
    const { client } = await signUpAndSignIn(server, 'switch@example.com');
    const cred: NsCredential = await newCredential(client, 'AndroidAPS');
    const now = Date.now();
    await uploadLoop(server, cred, now); // Weekday at 0.85 U/h, a 1.4 U/h temp basal running
    const post = await aaps(server, cred);
    // AndroidAPS' ProfileSwitch.toJson: a customised name, the percentage and the profile it came from.
    const at = now - 20 * MIN;
    const switched = {
      eventType: 'Profile Switch',
      date: at,
      created_at: new Date(at).toISOString(),
      utcOffset: 0,
      app: 'AAPS',
      isValid: true,
      profile: 'Sport (120%)',
      originalProfileName: 'Sport',
      percentage: 120,
      timeshift: 0,
      duration: 90,
      identifier: 'ps-0815',
      profileJson: JSON.stringify({
        timezone: 'UTC',
        units: 'mg/dl',
        dia: 5,
        basal: [{ time: '00:00', timeAsSeconds: 0, value: 0.5 }],
        carbratio: [{ time: '00:00', timeAsSeconds: 0, value: 12 }],
        sens: [{ time: '00:00', timeAsSeconds: 0, value: 50 }],
        target_low: [{ time: '00:00', timeAsSeconds: 0, value: 100 }],
        target_high: [{ time: '00:00', timeAsSeconds: 0, value: 110 }],
      }),
    };
    expect((await post('treatments', switched)).status).toBe(201);
    const base = new URL(cred.baseUrl).pathname;
    const read = async (path: string) => {
      const res = await nsRequest(server, `${base}${path}`, { headers: { 'api-secret': sha1(cred.secret) } });
      expect(res.status, path).toBe(200);
      return res.json();
    };
    // Nightscout-reporter and LoopFollow ask for the switches by eventType.
    const listed = await read('/api/v1/treatments.json?find[eventType]=Profile%20Switch&count=10');
    expect(listed).toEqual([
      expect.objectContaining({
        eventType: 'Profile Switch',
        profile: 'Sport (120%)',
        percentage: 120,
        duration: 90,
      }),
    ]);
    // The basal followers see is the switched profile's, scaled: 0.5 × 120% (the temp basal still runs).
    const props = await read('/api/v2/properties/basal');
    expect(props.basal.current.basal).toBeCloseTo(0.6, 6);
    const card = await (await client.get('/api/v1/devices/loop-status')).json();
    expect(card.profile).toEqual({
      name: 'Sport (120%)',
      percentage: 120,
      timeshiftHours: 0,
      endsAt: new Date(at + 90 * MIN).toISOString(),
    });
    expect(card.tempBasal.scheduledPerHour).toBeCloseTo(0.6, 6);

    // Deleted in AndroidAPS (v3 DELETE): the switch goes with the treatment, Weekday is in force again.
    const jwt = (await (await nsRequest(server, `/api/v2/authorization/request/${cred.secret}`)).json())
      .token;
    const del = await nsRequest(server, `${base}/api/v3/treatments/ps-0815`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(del.status).toBe(200);
    expect((await (await client.get('/api/v1/devices/loop-status')).json()).profile).toBeNull();
    expect((await read('/api/v2/properties/basal')).basal.current.basal).toBe(0.85);
  });
});
