import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { createFileSweeps } from '../../jobs/file-sweeps';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-entries@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-entries@example.com')).client;
});
afterAll(() => server.close());

const now = () => new Date().toISOString();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describe('logging entries', () => {
  it('stores each tracker’s data with numbers as numbers, and reads it back', async () => {
    const cases = [
      { tracker: 'blood-pressure', data: { systolic: 120, diastolic: 80 } },
      { tracker: 'weight', data: { weight: 172.4, weightUnit: 'lbs', weightContext: 'morning' } },
      { tracker: 'meal', data: { mealType: 'lunch', calories: 640, carbs: 72, value: 'Lentil soup' } },
      { tracker: 'mood-energy', data: { mood: 4, energy: 3, stress: 2, moodTriggers: ['good_news'] } },
      {
        tracker: 'pain',
        data: { painIntensity: 6, painLocation: 'lower_back', reliefMethods: ['heat', 'rest'] },
      },
      { tracker: 'journal', data: { value: 'Walked 5 km.\nFelt good.' } },
      { tracker: 'medication', data: { value: 'Metformin 500 mg' } },
    ];
    for (const c of cases) {
      const res = await alice.post('/api/v1/entries', { ...c, occurredAt: now(), notes: 'note' });
      expect(res.status, c.tracker).toBe(201);
      const entry = await res.json();
      expect(entry).toMatchObject({ tracker: c.tracker, data: c.data, notes: 'note' });
      expect(await (await alice.get(`/api/v1/entries/${entry.id}`)).json()).toEqual(entry);
    }
  });

  it('puts blood glucose in the single glucose store, in mg/dL, and lists it like any entry', async () => {
    const res = await alice.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: now(),
      data: { glucose: 142, timing: 'after_meal', carbsConsumed: 45 },
    });
    expect(res.status).toBe(201);
    const entry = await res.json();
    expect(entry).toMatchObject({
      tracker: 'blood-glucose',
      title: 'Blood Glucose',
      data: { glucose: 142, timing: 'after_meal', carbsConsumed: 45, source: 'manual' },
    });
    const stored = await server.deps.db.asSystem((tx) =>
      tx.execute<{ value_mgdl: number; source: string }>(
        sql`select value_mgdl, source from glucose_readings where id = ${entry.id}`,
      ),
    );
    expect(stored.rows).toEqual([{ value_mgdl: 142, source: 'manual' }]);
    const recent = await (await alice.get('/api/v1/entries?limit=50')).json();
    expect(recent.items.map((e: { id: string }) => e.id)).toContain(entry.id);
    const again = await alice.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: entry.occurredAt,
      data: { glucose: 150 },
    });
    // A re-check at the same time is a second reading, not a conflict.
    expect(again.status).toBe(201);
  });

  it('refuses out-of-range values, unknown enumerations and fields, listing every problem', async () => {
    const bad = [
      { tracker: 'blood-pressure', occurredAt: now(), data: { systolic: 'high', diastolic: 80 } },
      { tracker: 'blood-pressure', occurredAt: now(), data: {} },
      { tracker: 'weight', occurredAt: now(), data: { weight: 1200, weightUnit: 'stone' } },
      { tracker: 'mood-energy', occurredAt: now(), data: { mood: 6 } },
      { tracker: 'pain', occurredAt: now(), data: { painIntensity: 11, painType: 'aching' } },
      { tracker: 'meal', occurredAt: now(), data: { mealType: 'brunch' } },
      { tracker: 'blood-glucose', occurredAt: now(), data: { glucose: 5 } },
      { tracker: 'journal', occurredAt: now(), data: { value: 'x', mood: 3 } },
      { tracker: 'journal', data: { value: 'no date' } },
      { tracker: 'sleep', occurredAt: now(), data: {} },
    ];
    for (const body of bad) {
      const res = await alice.post('/api/v1/entries', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const problem = await res.json();
      expect(problem.errors.length).toBeGreaterThan(0);
    }
    const weight = await (await alice.post('/api/v1/entries', bad[2])).json();
    expect(weight.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['data.weight', 'data.weightUnit']),
    );
  });

  it('edits and deletes the user’s own entries', async () => {
    const created = await (
      await alice.post('/api/v1/entries', {
        tracker: 'weight',
        occurredAt: now(),
        data: { weight: 80, weightUnit: 'kg' },
      })
    ).json();
    const edited = await alice.patch(`/api/v1/entries/${created.id}`, {
      data: { weight: 79.5, weightUnit: 'kg' },
      notes: 'after run',
    });
    expect(await edited.json()).toMatchObject({
      data: { weight: 79.5, weightUnit: 'kg' },
      notes: 'after run',
    });
    // The account history names what changed, though the edit also sent the unit and the time again.
    await alice.patch(`/api/v1/entries/${created.id}`, {
      occurredAt: created.occurredAt,
      data: { weight: 79, weightUnit: 'kg' },
      notes: 'after run',
    });
    const { items } = await (await alice.get('/api/v1/audit')).json();
    expect(items.find((e: { resourceId: string }) => e.resourceId === created.id).detail).toBe(
      'Changed: weight',
    );
    const invalid = await alice.patch(`/api/v1/entries/${created.id}`, {
      data: { weight: -1, weightUnit: 'kg' },
    });
    expect(invalid.status).toBe(400);
    expect((await (await alice.get(`/api/v1/entries/${created.id}`)).json()).data.weight).toBe(79);
    expect((await alice.delete(`/api/v1/entries/${created.id}`)).status).toBe(204);
    expect((await alice.get(`/api/v1/entries/${created.id}`)).status).toBe(404);
  });
});

describe('entries sent again from the offline queue', () => {
  // Their own people, so the lists and streaks the other suites count stay as they expect.
  let carol: TestClient;
  let dave: TestClient;
  beforeAll(async () => {
    carol = (await signUpAndSignIn(server, 'carol-entries@example.com')).client;
    dave = (await signUpAndSignIn(server, 'dave-entries@example.com')).client;
  });

  it('answers a replay of the same clientId with the first entry (200), in either store, writing nothing more', async () => {
    const count = async () => (await (await carol.get('/api/v1/entries?limit=200')).json()).items.length;
    for (const c of [
      { tracker: 'weight', data: { weight: 70, weightUnit: 'kg' } },
      { tracker: 'blood-glucose', data: { glucose: 112 } },
    ]) {
      const body = { ...c, occurredAt: daysAgo(1), clientId: crypto.randomUUID() };
      const before = await count();
      const first = await carol.post('/api/v1/entries', body);
      expect(first.status, c.tracker).toBe(201);
      // The connection dropped before the answer arrived: the browser sends it again, twice at once.
      const [again, alsoAgain] = await Promise.all([
        carol.post('/api/v1/entries', body),
        carol.post('/api/v1/entries', body),
      ]);
      expect([again.status, alsoAgain.status]).toEqual([200, 200]);
      expect(await again.json()).toEqual(await first.json());
      expect(await count()).toBe(before + 1);
    }
  });

  it('keeps clientIds per person: another user’s id neither reveals nor blocks their entry', async () => {
    const clientId = crypto.randomUUID();
    const body = { tracker: 'journal', data: { value: 'Carol’s own words' }, occurredAt: now(), clientId };
    const carols = await (await carol.post('/api/v1/entries', body)).json();
    const daves = await dave.post('/api/v1/entries', { ...body, data: { value: 'Dave’s' } });
    expect(daves.status).toBe(201);
    expect((await daves.json()).id).not.toBe(carols.id);
  });

  it('says an entry was already sent when it has since been deleted, and refuses an id that is not a uuid', async () => {
    const body = {
      tracker: 'journal',
      data: { value: 'Soon gone' },
      occurredAt: now(),
      clientId: crypto.randomUUID(),
    };
    const entry = await (await carol.post('/api/v1/entries', body)).json();
    expect((await carol.delete(`/api/v1/entries/${entry.id}`)).status).toBe(204);
    const again = await carol.post('/api/v1/entries', body);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('entry_already_sent');
    const bad = await carol.post('/api/v1/entries', { ...body, clientId: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('clientId');
  });

  it('forgets an id after a month (the hourly sweep): sent again then, it is a new entry', async () => {
    const body = {
      tracker: 'journal',
      data: { value: 'Old queue' },
      occurredAt: now(),
      clientId: crypto.randomUUID(),
    };
    const first = await (await carol.post('/api/v1/entries', body)).json();
    const sweeps = createFileSweeps({ ...server.deps, logger: server.deps.logger });
    await sweeps.runOnce(new Date(Date.now() + 30 * 86_400_000));
    expect((await carol.post('/api/v1/entries', body)).status).toBe(200);
    await sweeps.runOnce(new Date(Date.now() + 32 * 86_400_000));
    const again = await carol.post('/api/v1/entries', body);
    expect(again.status).toBe(201);
    expect((await again.json()).id).not.toBe(first.id);
  });
});

describe('isolation', () => {
  it('another user’s entry answers 404 for read, update and delete, and stays intact', async () => {
    for (const tracker of ['journal', 'blood-glucose'] as const) {
      const data = tracker === 'journal' ? { value: 'private thoughts' } : { glucose: 99 };
      const mine = await (
        await alice.post('/api/v1/entries', { tracker, occurredAt: daysAgo(0.5), data })
      ).json();
      const read = await bob.get(`/api/v1/entries/${mine.id}`);
      expect(read.status).toBe(404);
      const missing = await bob.get('/api/v1/entries/00000000-0000-4000-8000-000000000000');
      expect(await read.json()).toMatchObject({
        status: 404,
        code: 'not_found',
        detail: (await missing.json()).detail,
      });
      expect((await bob.patch(`/api/v1/entries/${mine.id}`, { notes: 'hacked' })).status).toBe(404);
      expect((await bob.delete(`/api/v1/entries/${mine.id}`)).status).toBe(404);
      expect(await (await alice.get(`/api/v1/entries/${mine.id}`)).json()).toMatchObject({
        notes: null,
        data,
      });
    }
    const bobsList = await (await bob.get('/api/v1/entries')).json();
    expect(bobsList.items).toEqual([]);
    expect((await server.client().get('/api/v1/entries')).status).toBe(401);
  });
});

describe('lists, trends and streaks', () => {
  it('pages newest first with a keyset cursor, and returns a date range ascending for trends', async () => {
    const { client } = await signUpAndSignIn(server, 'pager@example.com');
    for (let i = 0; i < 5; i++) {
      await client.post('/api/v1/entries', {
        tracker: 'weight',
        occurredAt: daysAgo(i * 10),
        data: { weight: 70 + i, weightUnit: 'kg' },
      });
    }
    const first = await (await client.get('/api/v1/entries?tracker=weight&limit=2')).json();
    expect(first.items.map((e: { data: { weight: number } }) => e.data.weight)).toEqual([70, 71]);
    const second = await (
      await client.get(`/api/v1/entries?tracker=weight&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((e: { data: { weight: number } }) => e.data.weight)).toEqual([72, 73]);
    const trend = await (
      await client.get(`/api/v1/entries?tracker=weight&order=asc&from=${encodeURIComponent(daysAgo(30))}`)
    ).json();
    expect(trend.items.map((e: { data: { weight: number } }) => e.data.weight)).toEqual([72, 71, 70]);
    // The same window reckoned by the server (the address the dashboard's HTML preloads).
    const lastDays = await (await client.get('/api/v1/entries?tracker=weight&days=25&order=asc')).json();
    expect(lastDays.items.map((e: { data: { weight: number } }) => e.data.weight)).toEqual([72, 71, 70]);
    const both = await client.get(`/api/v1/entries?days=25&from=${encodeURIComponent(daysAgo(30))}`);
    expect(both.status).toBe(400);
    expect((await client.get('/api/v1/entries?days=0')).status).toBe(400);
    expect((await client.get('/api/v1/entries?limit=5000')).status).toBe(400);
    expect((await client.get('/api/v1/entries?cursor=garbage')).status).toBe(400);
  });

  it('computes streaks and achievements from entry days, storing when each unlocked', async () => {
    const { client } = await signUpAndSignIn(server, 'streaky@example.com');
    const empty = await (await client.get('/api/v1/entries/summary')).json();
    expect(empty).toMatchObject({
      currentStreak: 0,
      longestStreak: 0,
      totalEntries: 0,
      categories: 0,
      streakGoal: 7,
    });
    for (let d = 0; d < 8; d++) {
      await client.post('/api/v1/entries', {
        tracker: 'mood-energy',
        occurredAt: daysAgo(d),
        data: { mood: 3 },
      });
    }
    await client.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: daysAgo(0.01),
      data: { glucose: 110 },
    });
    const summary = await (await client.get('/api/v1/entries/summary')).json();
    expect(summary).toMatchObject({ currentStreak: 8, longestStreak: 8, totalEntries: 9, categories: 2 });
    const byId = Object.fromEntries(summary.achievements.map((a: { id: string }) => [a.id, a]));
    expect(byId.first_log).toMatchObject({ unlocked: true, unlockedAt: expect.any(String) });
    expect(byId.week_streak).toMatchObject({ unlocked: true, progress: 7, maxProgress: 7 });
    expect(byId.month_streak).toMatchObject({ unlocked: false, progress: 8, unlockedAt: null });
    expect(byId.century_club).toMatchObject({ unlocked: false, progress: 9 });
  });

  it('gives tracker figures: week and month counts, latest entry and the 7-day glucose average', async () => {
    const { client } = await signUpAndSignIn(server, 'stats@example.com');
    for (const [days, glucose] of [
      [0.1, 100],
      [1, 140],
      [3, 120],
      [20, 300],
    ] as const) {
      await client.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: daysAgo(days),
        data: { glucose },
      });
    }
    // Two imported sensor readings: in the average (which says it is of 5 readings), not entries.
    await client.post('/api/v1/glucose/readings/batch', {
      source: 'import:csv',
      readings: [
        { at: daysAgo(2), mgdl: 120 },
        { at: daysAgo(2.1), mgdl: 120 },
      ],
    });
    const stats = await (await client.get('/api/v1/trackers/blood-glucose/stats')).json();
    expect(stats).toMatchObject({
      tracker: 'blood-glucose',
      total: 4,
      thisWeek: 3,
      average7d: 120,
      average7dReadings: 5,
    });
    expect(stats.latest.data.glucose).toBe(100);
    expect(stats.thisMonth + stats.lastMonth).toBeGreaterThanOrEqual(3);
    expect((await client.get('/api/v1/trackers/sleep/stats')).status).toBe(400);
  });
});
