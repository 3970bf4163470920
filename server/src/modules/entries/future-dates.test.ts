import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { newCredential, xdrip } from '../../../test/nightscout-apps';

let server: TestServer;
let alice: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-future@example.com')).client;
});
afterAll(() => server.close());

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const DATA = {
  'blood-glucose': { glucose: 120 },
  'blood-pressure': { systolic: 120, diastolic: 80 },
  weight: { weight: 80, weightUnit: 'kg' },
  meal: { carbs: 40 },
  'mood-energy': { mood: 3 },
  pain: { painIntensity: 2 },
  journal: { value: 'A day' },
  medication: { value: 'Metformin' },
  insulin: { meal_insulin: 2, correction_insulin: 0, total_insulin: 2 },
  'insulin-settings': {
    carb_ratio: 10,
    correction_factor: 40,
    target_glucose: 110,
    insulin_curve: 'rapid-acting',
    dia_hours: 5,
    max_single_dose: 15,
  },
} as const;
const A1C = { testName: 'Hemoglobin A1c', loinc: '4548-4', value: 6.1, unit: '%' };

const pathsOf = async (res: Response) =>
  ((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path);

const entryCount = async () => {
  const res = await (await alice.get('/api/v1/entries/summary')).json();
  return res.totalEntries as number;
};

describe('nothing health-related is dated in the future', () => {
  it('refuses an entry of every tracker dated a day ahead, naming occurredAt, and stores nothing', async () => {
    for (const [tracker, data] of Object.entries(DATA)) {
      const res = await alice.post('/api/v1/entries', { tracker, occurredAt: inMinutes(24 * 60), data });
      expect(res.status, tracker).toBe(400);
      expect(await pathsOf(res), tracker).toEqual(['occurredAt']);
    }
    expect(await entryCount()).toBe(0);
  });

  it('allows a few minutes of clock skew, but not more', async () => {
    const ahead = await alice.post('/api/v1/entries', {
      tracker: 'weight',
      occurredAt: inMinutes(3),
      data: DATA.weight,
    });
    expect(ahead.status).toBe(201);
    const tooFar = await alice.post('/api/v1/entries', {
      tracker: 'weight',
      occurredAt: inMinutes(10),
      data: DATA.weight,
    });
    expect(tooFar.status).toBe(400);
    expect(await pathsOf(tooFar)).toEqual(['occurredAt']);
  });

  it('refuses an A1C result dated 2030 with the field named, so it never becomes the latest A1C', async () => {
    const res = await alice.post('/api/v1/lab-results', { ...A1C, effectiveAt: '2030-01-01T12:00:00Z' });
    expect(res.status).toBe(400);
    expect(await pathsOf(res)).toEqual(['effectiveAt']);
    expect((await alice.get('/api/v1/lab-results/tests/4548-4')).status).toBe(404);
  });

  it('refuses an edit that moves an entry or an A1C result into the future', async () => {
    const entry = await (
      await alice.post('/api/v1/entries', {
        tracker: 'weight',
        occurredAt: inMinutes(-60),
        data: DATA.weight,
      })
    ).json();
    const moved = await alice.patch(`/api/v1/entries/${entry.id}`, { occurredAt: inMinutes(60) });
    expect(moved.status).toBe(400);
    expect(await pathsOf(moved)).toEqual(['occurredAt']);
    const stored = await (await alice.get(`/api/v1/entries/${entry.id}`)).json();
    expect(stored.occurredAt).toBe(entry.occurredAt);
    const a1c = await (
      await alice.post('/api/v1/lab-results', { ...A1C, effectiveAt: inMinutes(-60) })
    ).json();
    const redated = await alice.patch(`/api/v1/lab-results/${a1c.id}`, {
      effectiveAt: '2031-03-03T12:00:00Z',
    });
    expect(redated.status).toBe(400);
    expect(await pathsOf(redated)).toEqual(['effectiveAt']);
    expect((await (await alice.get(`/api/v1/lab-results/${a1c.id}`)).json()).effectiveAt).toBe(
      a1c.effectiveAt,
    );
  });

  it('refuses an import batch holding a future reading, naming the row, and stores none of it', async () => {
    const res = await alice.post('/api/v1/glucose/readings/batch', {
      source: 'import:csv',
      readings: [
        { at: inMinutes(-30), mgdl: 110 },
        { at: inMinutes(24 * 60), mgdl: 120 },
      ],
    });
    expect(res.status).toBe(400);
    expect(await pathsOf(res)).toEqual(['readings.1.at']);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select 1 from glucose_readings where source = 'import:csv'`),
    );
    expect(rows).toEqual([]);
  });

  it('keeps an upload’s past readings and drops its future ones', async () => {
    const cred = await newCredential(alice);
    const app = xdrip(server, cred);
    const past = Date.now() - 10 * 60_000;
    const future = Date.now() + 2 * 86_400_000;
    const res = await app.post('entries', [
      { type: 'sgv', sgv: 130, date: past, device: 'xDrip-G6' },
      { type: 'sgv', sgv: 140, date: future, device: 'xDrip-G6' },
    ]);
    expect(res.status).toBe(200);
    const readings = await (
      await alice.get(`/api/v1/glucose/readings?from=${new Date(past - 60_000).toISOString()}`)
    ).json();
    expect(readings.items.map((r: { valueMgdl: number }) => r.valueMgdl)).toEqual([130]);
  });
});

describe('manual re-checks and idempotent imports', () => {
  it('keeps two manual readings logged at the same minute', async () => {
    const at = inMinutes(-120);
    const first = await alice.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: at,
      data: { glucose: 64 },
    });
    const again = await alice.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: at,
      data: { glucose: 71 },
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    const list = await (await alice.get('/api/v1/entries?tracker=blood-glucose&limit=50')).json();
    const atThatTime = list.items.filter(
      (e: { occurredAt: string }) => e.occurredAt === new Date(at).toISOString(),
    );
    expect(atThatTime.map((e: { data: { glucose: number } }) => e.data.glucose).sort()).toEqual([64, 71]);
  });

  it('still adds nothing when the same import is sent twice', async () => {
    const readings = [
      { at: inMinutes(-300), mgdl: 101 },
      { at: inMinutes(-295), mgdl: 102 },
    ];
    const once = await (
      await alice.post('/api/v1/glucose/readings/batch', { source: 'import:libreview', readings })
    ).json();
    const twice = await (
      await alice.post('/api/v1/glucose/readings/batch', { source: 'import:libreview', readings })
    ).json();
    expect(once).toEqual({ received: 2, inserted: 2, duplicates: 0 });
    expect(twice).toEqual({ received: 2, inserted: 0, duplicates: 2 });
  });
});
