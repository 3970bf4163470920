import { percentInTightRange } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { newCredential, xdrip } from '../../../test/nightscout-apps';
import { parse as pdfTextOf } from '../documents/text-parser';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
const HOUR = 3_600_000;
const now = Date.now();
/** Yesterday 00:00 UTC: the insulin of one whole local day (the profile's zone is UTC). */
const yesterday = Math.floor(now / (24 * HOUR)) * 24 * HOUR - 24 * HOUR;
// 14 days of 15-minute CGM readings, all inside the report's window.
const readings = Array.from({ length: 14 * 96 - 4 }, (_, i) => ({
  at: new Date(now - (i + 1) * 15 * 60_000).toISOString(),
  mgdl: 125 + Math.round(55 * Math.sin(i / 7)),
}));

const ok = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
};

beforeAll(async () => {
  server = await createTestServer();
  ({ client: alice } = await signUpAndSignIn(server, 'alice-report@example.com'));
  ({ client: bob } = await signUpAndSignIn(server, 'bob-report@example.com'));
  await ok(await alice.patch('/api/v1/profile', { displayName: 'Alice Report', timezone: 'UTC' }));
  await ok(await bob.patch('/api/v1/profile', { displayName: 'Bob Report', timezone: 'UTC' }));
  await ok(await alice.post('/api/v1/glucose/readings/batch', { source: 'import:libreview', readings }));
  for (const [tracker, data, hoursAgo] of [
    ['blood-pressure', { systolic: 131, diastolic: 84 }, 48],
    ['blood-pressure', { systolic: 127, diastolic: 79 }, 20],
    ['weight', { weight: 72.4, weightUnit: 'kg' }, 30],
  ] as const)
    await ok(
      await alice.post('/api/v1/entries', {
        tracker,
        occurredAt: new Date(now - hoursAgo * HOUR).toISOString(),
        data,
      }),
    );
  const lab = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/api/v1/lab-results', { loinc: '13457-7', unit: 'mg/dL', referenceHigh: 100, ...body });
  await ok(await lab(alice, { testName: 'LDL cholesterol', value: 98, effectiveAt: '2026-06-01T09:00:00Z' }));
  await ok(
    await lab(alice, {
      testName: 'LDL cholesterol',
      value: 162,
      effectiveAt: new Date(now - 30 * 24 * HOUR).toISOString(),
    }),
  );
  await ok(
    await lab(alice, {
      testName: 'Thyrotropin',
      loinc: '3016-3',
      unit: 'm[IU]/L',
      value: 2.1,
      referenceHigh: 4,
      effectiveAt: new Date(now - 500 * 24 * HOUR).toISOString(),
    }),
  );
  await ok(
    await lab(bob, {
      testName: 'Bz cholesterol',
      value: 131,
      effectiveAt: new Date(now - HOUR).toISOString(),
    }),
  );
  // The loop uploads two boluses and two temporary basals on the same day.
  const loop = xdrip(server, await newCredential(alice, 'Loop'));
  const at = (h: number) => new Date(yesterday + h * HOUR).toISOString();
  await ok(
    await loop.post('treatments', [
      { eventType: 'Correction Bolus', insulin: 3, created_at: at(7), identifier: 'b-1' },
      { eventType: 'Meal Bolus', insulin: 5, carbs: 45, created_at: at(12), identifier: 'b-2' },
      {
        eventType: 'Temp Basal',
        rate: 1.2,
        absolute: 1.2,
        duration: 60,
        created_at: at(2),
        identifier: 't-1',
      },
      {
        eventType: 'Temp Basal',
        rate: 0.8,
        absolute: 0.8,
        duration: 30,
        created_at: at(5),
        identifier: 't-2',
      },
    ]),
  );
});
afterAll(() => server.close());

const reportText = async (client: TestClient, days = 14) => {
  const res = await client.get(`/api/v1/reports/clinician.pdf?days=${days}`);
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="clinician-report-\d+-days-/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return (await pdfTextOf({ fileType: 'application/pdf', bytes: Buffer.from(bytes) })) ?? '';
};

describe('the clinician report', () => {
  it('prints time in tight range as core works it out from the same readings, beside time in range', async () => {
    const text = await reportText(alice);
    expect(text).toContain('Clinician report');
    expect(text).toContain('Alice Report');
    const tight = percentInTightRange(readings.map((r) => r.mgdl))!;
    expect(text).toContain(`Tight range 70–140 mg/dL ${tight.toFixed(0)}%`);
    expect(text).toMatch(/In range 70–180 mg\/dL \d+%/);
    expect(text).toContain('% time CGM active');
    expect(text).toContain('Daily glucose profiles');
    expect(text).toContain('Average 129/82 mmHg');
    expect(text).toContain('72.4 kg');
  });

  it('lists the latest of each test in the last 12 months with its flag', async () => {
    const text = await reportText(alice);
    expect(text).toMatch(/LDL cholesterol 162 mg\/dL 100 or less High/);
    expect(text).not.toContain('98 mg/dL');
    expect(text).not.toContain('Thyrotropin');
  });

  it('prints a lab value with the precision and unit words of the lab screens, not float noise or UCUM', async () => {
    const { client: dave } = await signUpAndSignIn(server, 'dave-report@example.com');
    await ok(
      await dave.post('/api/v1/lab-results', {
        testName: 'Body temperature',
        loinc: '8310-5',
        unit: 'Cel',
        value: 37.676070657503075,
        referenceLow: 36.1,
        referenceHigh: 37.2,
        effectiveAt: new Date(now - 24 * HOUR).toISOString(),
      }),
    );
    await ok(
      await dave.post('/api/v1/lab-results', {
        testName: 'Leukocytes',
        loinc: '6690-2',
        unit: '10*9/L',
        value: 6.7,
        effectiveAt: new Date(now - 24 * HOUR).toISOString(),
      }),
    );
    const text = await reportText(dave);
    expect(text).toMatch(/Body temperature 37\.7 °C 36\.1–37\.2 High/);
    expect(text).toContain('Leukocytes 6.7 × 10^9/L');
    expect(text).not.toContain('37.676');
  });

  it('prints a reading or a result its record dated only by day or month as that date, not a day in the zone', async () => {
    const { client: erin, userId } = await signUpAndSignIn(server, 'erin-report@example.com');
    // Twelve hours and more ahead of UTC: noon UTC is already the next day there.
    await ok(await erin.patch('/api/v1/profile', { timezone: 'Pacific/Auckland' }));
    const DAY = 24 * HOUR;
    const noon = new Date(Math.floor(now / DAY) * DAY - 5 * DAY + 12 * HOUR);
    await ok(
      await erin.post('/api/v1/entries', {
        tracker: 'blood-pressure',
        occurredAt: noon.toISOString(),
        data: { systolic: 122, diastolic: 78 },
      }),
    );
    // As an imported record's vital sign dated by its day is stored (record-import.vitals.test.ts).
    await server.deps.db.owner.execute(
      sql`update tracker_entries set occurred_precision = 'day' where user_id = ${userId}`,
    );
    // A month before this one, as a record dating it only by month gives it: its 15th at noon UTC.
    const month = new Date(
      Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1) - 20 * DAY,
    )
      .toISOString()
      .slice(0, 7);
    await ok(
      await erin.post('/api/v1/lab-results', {
        testName: 'Ferritin',
        loinc: '2276-4',
        unit: 'ng/mL',
        value: 40,
        effectiveAt: `${month}-15T12:00:00.000Z`,
        effectivePrecision: 'month',
      }),
    );
    const text = await reportText(erin);
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(noon);
    expect(text).toContain(`Latest 122/78 mmHg on ${day}.`);
    expect(text).toContain(`Ferritin 40 ng/mL - - ${month}`);
    expect(text).not.toContain(`${month}-1`);
  }, 60_000);

  it('adds up the day’s boluses and temporary basals on a basal/bolus page, saying what is estimated', async () => {
    const text = await reportText(alice);
    expect(text).toContain('Basal and bolus insulin');
    expect(text).toContain(
      '1 day with insulin data. Average daily bolus 8.0 U; average daily basal 1.6 U (estimated).',
    );
    // 3 + 5 U of bolus; 1.2 U/h for an hour and 0.8 U/h for half an hour of basal.
    expect(text).toMatch(/\d{4}-\d\d-\d\d 8\.0 U 1\.6 U 9\.6 U 17% : 83%/);
    expect(text).toContain('Basal: estimated from the temporary basals');
  });

  it('counts the scheduled basal of the pump profile, temporary basals overriding it (TDD = basal + bolus)', async () => {
    const { client: carol } = await signUpAndSignIn(server, 'carol-report@example.com');
    await ok(await carol.patch('/api/v1/profile', { displayName: 'Carol Report', timezone: 'UTC' }));
    const loop = xdrip(server, await newCredential(carol, 'Loop'));
    const at = (h: number) => new Date(yesterday + h * HOUR).toISOString();
    const step = (time: string, value: number) => ({
      time,
      timeAsSeconds: Number(time.slice(0, 2)) * 3600,
      value,
    });
    await ok(
      await loop.post('profile', {
        defaultProfile: 'Day',
        startDate: at(0),
        units: 'mg/dl',
        store: {
          Day: { timezone: 'UTC', basal: [step('00:00', 0.8), step('06:00', 1.2), step('22:00', 0.6)] },
        },
      }),
    );
    await ok(
      await loop.post('treatments', [
        { eventType: 'Correction Bolus', insulin: 3, created_at: at(7), identifier: 'c-b1' },
        { eventType: 'Meal Bolus', insulin: 5, carbs: 45, created_at: at(12), identifier: 'c-b2' },
        // Suspended for an hour, 2 U/h for half an hour, half the schedule for an hour, and 1 U/h
        // from 23:00 into the next day.
        {
          eventType: 'Temp Basal',
          absolute: 0,
          rate: 0,
          duration: 60,
          created_at: at(2),
          identifier: 'c-t1',
        },
        {
          eventType: 'Temp Basal',
          absolute: 2,
          rate: 2,
          duration: 30,
          created_at: at(10),
          identifier: 'c-t2',
        },
        { eventType: 'Temp Basal', percent: -50, duration: 60, created_at: at(14), identifier: 'c-t3' },
        {
          eventType: 'Temp Basal',
          absolute: 1,
          rate: 1,
          duration: 120,
          created_at: at(23),
          identifier: 'c-t4',
        },
      ]),
    );
    const text = await reportText(carol);
    // By hand: the schedule is 6 h × 0.8 + 16 h × 1.2 + 2 h × 0.6 = 25.2 U; the temporary basals
    // change it by −0.8 (02:00), +0.4 (10:00), −0.6 (14:00) and +0.4 (23:00): basal 24.6 U; bolus
    // 3 + 5 = 8 U; TDD 32.6 U, 75% basal.
    const date = new Date(yesterday).toISOString().slice(0, 10);
    expect(text).toContain(`${date} 8.0 U 24.6 U 32.6 U 75% : 25%`);
    expect(text).toContain('Total daily dose = basal + bolus.');
    expect(text).not.toContain('(estimated)');
  });

  it('covers 90 days with the last 14 days of profiles, and refuses other day counts', async () => {
    const text = await reportText(alice, 90);
    expect(text).toContain('Last 90 days');
    expect(text).toContain('The last 14 days of the 90.');
    const res = await alice.get('/api/v1/reports/clinician.pdf?days=30');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('shows another person only their own record, with empty sections said in words', async () => {
    const text = await reportText(bob);
    expect(text).toContain('Bob Report');
    expect(text).toContain('Bz cholesterol');
    for (const theirs of ['Alice', 'LDL', '72.4', 'Basal and bolus insulin'])
      expect(text).not.toContain(theirs);
    expect(text).toContain('No CGM readings in these 14 days.');
    expect(text).toContain('No blood pressure readings in these 14 days.');
    expect(text).toContain('No weight entries in these 14 days.');
  });
});
