import { expect } from 'vitest';
import type { TestServer } from './harness';
import { type NsCredential, nsRequest } from './nightscout-apps';

/** AndroidAPS' NSClient v3: a JWT for the upload secret, then Bearer calls under the credential's path. */
export const aaps = async (server: TestServer, cred: NsCredential) => {
  const auth = await nsRequest(server, `/api/v2/authorization/request/${cred.secret}`);
  const { token } = await auth.json();
  const base = `${new URL(cred.baseUrl).pathname}/api/v3/`;
  return (col: string, doc: unknown) =>
    nsRequest(server, base + col, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    });
};

export const MIN = 60_000;

/** What AndroidAPS (NSClient v3, NSDeviceStatus / TreatmentMapper / ProfileSealed) uploads while looping. */
export const loopUploads = (now: number) => {
  const at = now - 4 * MIN;
  return {
    sgvs: [
      {
        type: 'sgv',
        sgv: 142,
        date: at - 5 * MIN,
        direction: 'Flat',
        device: 'AndroidAPS-DexcomG6',
        app: 'AAPS',
      },
      {
        type: 'sgv',
        sgv: 150,
        date: at,
        direction: 'FortyFiveUp',
        device: 'AndroidAPS-DexcomG6',
        app: 'AAPS',
      },
    ],
    devicestatus: {
      date: at,
      app: 'AAPS',
      device: 'openaps://samsung SM-G970F',
      created_at: new Date(at).toISOString(),
      uploaderBattery: 76,
      isCharging: false,
      pump: {
        clock: new Date(at).toISOString(),
        reservoir: 112.5,
        battery: { percent: 64 },
        status: { status: 'normal', timestamp: new Date(at).toISOString() },
      },
      openaps: {
        suggested: {
          bg: 150,
          COB: 23.4,
          IOB: 2.35,
          timestamp: new Date(at).toISOString(),
          reason: 'COB: 23',
        },
        enacted: {
          rate: 1.4,
          duration: 30,
          received: true,
          COB: 23.4,
          timestamp: new Date(at).toISOString(),
        },
        iob: { iob: 2.351, basaliob: 0.4, activity: 0.02, time: new Date(at).toISOString() },
      },
    },
    treatments: [
      {
        date: at - 10 * MIN,
        utcOffset: 60,
        app: 'AAPS',
        eventType: 'Temp Basal',
        isValid: true,
        rate: 1.4,
        absolute: 1.4,
        duration: 30,
        durationInMilliseconds: 1_800_000,
        type: 'NORMAL',
        identifier: 'tb-4711',
      },
      {
        date: at - 60 * MIN,
        utcOffset: 60,
        app: 'AAPS',
        eventType: 'Meal Bolus',
        insulin: 3.2,
        isValid: true,
      },
      { date: at - 2 * 86_400_000, utcOffset: 60, app: 'AAPS', eventType: 'Site Change', isValid: true },
    ],
    profile: {
      date: at - 86_400_000,
      app: 'AAPS',
      defaultProfile: 'Weekday',
      startDate: new Date(at - 86_400_000).toISOString(),
      units: 'mg/dl',
      store: {
        Weekday: {
          dia: 5,
          timezone: 'UTC',
          units: 'mg/dl',
          carbratio: [{ time: '00:00', timeAsSeconds: 0, value: 10 }],
          sens: [{ time: '00:00', timeAsSeconds: 0, value: 40 }],
          basal: [{ time: '00:00', timeAsSeconds: 0, value: 0.85 }],
          target_low: [{ time: '00:00', timeAsSeconds: 0, value: 100 }],
          target_high: [{ time: '00:00', timeAsSeconds: 0, value: 110 }],
        },
      },
    },
  };
};

export const uploadLoop = async (server: TestServer, cred: NsCredential, now: number) => {
  const post = await aaps(server, cred);
  const u = loopUploads(now);
  for (const s of u.sgvs) expect((await post('entries', s)).status).toBe(201);
  expect((await post('devicestatus', u.devicestatus)).status).toBe(201);
  for (const t of u.treatments) expect((await post('treatments', t)).status).toBe(201);
  expect((await post('profile', u.profile)).status).toBe(201);
  return u;
};
