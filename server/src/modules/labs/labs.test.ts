import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addCalendarDays, localDate } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { insertLabResults } from './labs.service';

let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let ipSeq = 0;
beforeAll(async () => {
  server = await createTestServer({ trustProxy: 1 });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-labs@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-labs@example.com')).client;
});
afterAll(() => server.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const ldl = (value: number, at = daysAgo(3), extra: object = {}) => ({
  testName: 'LDL cholesterol (calculated)',
  loinc: '13457-7',
  value,
  unit: 'mg/dL',
  referenceHigh: 99,
  referenceText: 'Below 100 mg/dL',
  effectiveAt: at,
  ...extra,
});
const add = async (client: TestClient, body: object) => {
  const res = await client.post('/api/v1/lab-results', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};

describe('typing lab results', () => {
  it('stores a result with its flag computed from the range, and lists it latest first', async () => {
    const high = await add(alice, ldl(131, daysAgo(10)));
    expect(high).toMatchObject({ flag: 'high', source: 'typed', unit: 'mg/dL', value: 131 });
    const normal = await add(alice, ldl(88, daysAgo(2)));
    expect(normal.flag).toBe('normal');
    const critical = await add(alice, {
      testName: 'Potassium',
      loinc: '2823-3',
      value: 6.9,
      unit: 'mmol/L',
      referenceLow: 3.5,
      referenceHigh: 5,
      flag: 'critical',
      effectiveAt: daysAgo(1),
    });
    expect(critical.flag).toBe('critical');
    const list = await (await alice.get('/api/v1/lab-results?loinc=13457-7')).json();
    expect(list.items.map((r: { value: number }) => r.value)).toEqual([88, 131]);
    const byName = await (await alice.get('/api/v1/lab-results?test=potass')).json();
    expect(byName.items.map((r: { loinc: string }) => r.loinc)).toEqual(['2823-3']);
  });

  it('answers bad input with every issue, and the same result twice with 409', async () => {
    const res = await alice.post('/api/v1/lab-results', {
      testName: '',
      loinc: 'LDL',
      effectiveAt: daysAgo(-2),
    });
    expect(res.status).toBe(400);
    const paths = (await res.json()).errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['effectiveAt', 'loinc', 'testName']));
    const at = daysAgo(20);
    await add(alice, ldl(101, at));
    expect((await alice.post('/api/v1/lab-results', ldl(101, at))).status).toBe(409);
  });

  it('gives a test its series oldest first, and 404 for a test with no results', async () => {
    const series = await (await alice.get('/api/v1/lab-results/tests/13457-7')).json();
    expect(series.testName).toBe('LDL cholesterol (calculated)');
    const times = series.items.map((r: { effectiveAt: string }) => Date.parse(r.effectiveAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await alice.get('/api/v1/lab-results/tests/2160-0')).status).toBe(404);
  });

  it('edits and deletes; the flag follows a corrected value', async () => {
    const r = await add(alice, ldl(150, daysAgo(30)));
    const res = await alice.patch(`/api/v1/lab-results/${r.id}`, { value: 90 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).flag).toBe('normal');
    expect((await alice.delete(`/api/v1/lab-results/${r.id}`)).status).toBe(204);
    expect((await alice.get(`/api/v1/lab-results/${r.id}`)).status).toBe(404);
  });

  it('refuses an edit that would leave a result it cannot keep, changing nothing, and audits an edit', async () => {
    const r = await add(alice, ldl(130, daysAgo(20), { labName: 'City Lab' }));
    const refused = async (body: object) => {
      const res = await alice.patch(`/api/v1/lab-results/${r.id}`, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      return (await res.json()).errors.map((e: { path: string }) => e.path);
    };
    expect(await refused({ effectiveAt: new Date(Date.now() + 86_400_000).toISOString() })).toEqual([
      'effectiveAt',
    ]);
    // The merged result is checked as a whole: a low end above the result's high end.
    expect(await refused({ referenceLow: 200 })).toEqual(['referenceLow']);
    expect(await (await alice.get(`/api/v1/lab-results/${r.id}`)).json()).toMatchObject({
      value: 130,
      referenceLow: null,
      labName: 'City Lab',
    });

    const ok = await alice.patch(`/api/v1/lab-results/${r.id}`, {
      value: 3.1,
      unit: 'mmol/L',
      labName: null,
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({ value: 3.1, unit: 'mmol/L', labName: null });
    const audit = await server.deps.db.asSystem((tx) =>
      tx.execute<{ action: string; details: { fields: string[] } | null }>(
        sql`select action, details from audit_logs where resource_type = 'lab_result' and resource_id = ${r.id} order by seq`,
      ),
    );
    expect(audit.rows.map((a) => a.action)).toContain('update');
    expect(audit.rows.find((a) => a.action === 'update')?.details?.fields).toEqual([
      'labName',
      'unit',
      'value',
    ]);
  });
});

describe('a result typed with a date only', () => {
  // The ends of the day line: Auckland is already on the next day while Honolulu is still on the last.
  for (const zone of ['Pacific/Auckland', 'Pacific/Honolulu']) {
    it(`is dated by its day, today in ${zone} included, and an edit keeps it so`, async () => {
      const { client } = await signUpAndSignIn(server, `dates-${zone.split('/')[1]}@example.com`);
      expect((await client.patch('/api/v1/profile', { timezone: zone })).status).toBe(200);
      const today = localDate(Date.now(), zone);
      const r = await add(client, ldl(120, today));
      expect(r).toMatchObject({ effectiveAt: `${today}T12:00:00.000Z`, effectivePrecision: 'day' });

      const tomorrow = addCalendarDays(today, 1);
      const refused = await client.post('/api/v1/lab-results', ldl(121, tomorrow));
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors).toEqual([
        { path: 'effectiveAt', message: 'Cannot be in the future' },
      ]);
      const edit = (body: object) => client.patch(`/api/v1/lab-results/${r.id}`, body);
      expect((await edit({ effectiveAt: tomorrow })).status).toBe(400);

      // An edit that leaves the date alone keeps the day; a new date alone is a day; a time is a time.
      expect(await (await edit({ note: 'Fasting' })).json()).toMatchObject({
        effectiveAt: `${today}T12:00:00.000Z`,
        effectivePrecision: 'day',
      });
      const earlier = addCalendarDays(today, -3);
      expect(await (await edit({ effectiveAt: earlier })).json()).toMatchObject({
        effectiveAt: `${earlier}T12:00:00.000Z`,
        effectivePrecision: 'day',
      });
      const at = daysAgo(4);
      expect(await (await edit({ effectiveAt: at })).json()).toMatchObject({
        effectiveAt: at,
        effectivePrecision: null,
      });
    });
  }

  it('keeps a time given with its date a timed result', async () => {
    const at = daysAgo(6);
    expect(await add(alice, ldl(97, at))).toMatchObject({ effectiveAt: at, effectivePrecision: null });
  });
});

describe('a "below X" range', () => {
  const below100 = (value: number, at: string) =>
    ldl(value, at, { referenceHigh: 100, referenceHighExclusive: true, referenceText: 'Below 100 mg/dL' });

  it('flags high only from X up, and an edit keeps the limit exclusive', async () => {
    const under = await add(alice, below100(99.4, daysAgo(40)));
    expect(under).toMatchObject({ flag: 'normal', referenceHigh: 100, referenceHighExclusive: true });
    expect((await add(alice, below100(100, daysAgo(41)))).flag).toBe('high');
    const res = await alice.patch(`/api/v1/lab-results/${under.id}`, { value: 100 });
    expect(await res.json()).toMatchObject({ flag: 'high', referenceHighExclusive: true });
  });

  it('corrects results stored with "99 or less" for "Below 100" (the migration)', async () => {
    const at = daysAgo(42);
    const old = await add(alice, {
      ...ldl(99.4, at),
      referenceText: 'Below 100 mg/dL (NCEP ATP III)',
      unit: 'mg/dL',
    });
    const critical = await add(alice, {
      ...ldl(2.57, at),
      unit: 'mmol/L',
      referenceHigh: 2.56,
      referenceText: 'Below 100 mg/dL (NCEP ATP III)',
      flag: 'critical',
    });
    expect(old).toMatchObject({ flag: 'high', referenceHigh: 99, referenceHighExclusive: false });
    const dir = join(import.meta.dirname, '../../../drizzle');
    const file = readdirSync(dir).find((f) => f.endsWith('_lab_reference_high_exclusive.sql'))!;
    // The column is already there; the rest as the migrator runs it.
    await server.deps.db.owner.transaction(async (tx) => {
      for (const statement of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint'))
        if (!statement.trim().startsWith('ALTER TABLE')) await tx.execute(sql.raw(statement));
    });
    const get = async (id: string) => (await alice.get(`/api/v1/lab-results/${id}`)).json();
    expect(await get(old.id)).toMatchObject({
      flag: 'normal',
      referenceHigh: 100,
      referenceHighExclusive: true,
    });
    expect(await get(critical.id)).toMatchObject({
      flag: 'critical',
      referenceHigh: 2.59,
      referenceHighExclusive: true,
    });
  });
});

describe('another person’s results', () => {
  it('answer 404 to read, edit and delete, and never show in their lists', async () => {
    const r = await add(alice, ldl(120, daysAgo(40)));
    expect((await bob.get(`/api/v1/lab-results/${r.id}`)).status).toBe(404);
    expect((await bob.patch(`/api/v1/lab-results/${r.id}`, { value: 1 })).status).toBe(404);
    expect((await bob.delete(`/api/v1/lab-results/${r.id}`)).status).toBe(404);
    expect((await (await bob.get('/api/v1/lab-results')).json()).items).toEqual([]);
    expect((await bob.get('/api/v1/lab-results/tests/13457-7')).status).toBe(404);
    expect((await alice.get(`/api/v1/lab-results/${r.id}`)).status).toBe(200);
  });

  it('cannot be attached to someone else’s document', async () => {
    const { rows } = await server.deps.db.owner.execute<{ id: string }>(sql`select gen_random_uuid() as id`);
    const res = await bob.post('/api/v1/lab-results', ldl(77, daysAgo(5), { documentId: rows[0]!.id }));
    expect(res.status).toBe(400);
  });
});

describe('the import path', () => {
  it('inserts each result once: the same file imported twice changes nothing', async () => {
    const rows = [
      { testName: 'Creatinine', loinc: '2160-0', value: 1.1, unit: 'mg/dL', effectiveAt: daysAgo(50) },
      {
        testName: 'eGFR',
        loinc: '62238-1',
        value: 52,
        unit: 'mL/min/{1.73_m2}',
        referenceLow: 60,
        effectiveAt: daysAgo(50),
      },
    ];
    const first = await server.deps.db.asUser(aliceId, (tx) =>
      insertLabResults(tx, aliceId, rows, 'imported', null),
    );
    expect(first.map((r) => r.flag)).toEqual([null, 'low']);
    const second = await server.deps.db.asUser(aliceId, (tx) =>
      insertLabResults(tx, aliceId, rows, 'imported', null),
    );
    expect(second).toEqual([]);
    const listed = await (await alice.get('/api/v1/lab-results?loinc=62238-1')).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0].source).toBe('imported');
  });
});

describe('one flag rule for typed and imported results', () => {
  let carol: TestClient;
  let carolId: string;
  beforeAll(async () => {
    ({ client: carol, userId: carolId } = await signUpAndSignIn(server, 'carol-labs@example.com'));
  });
  const a1c = (value: number, at: string, extra: object = {}) => ({
    testName: 'Hemoglobin A1c',
    loinc: '4548-4',
    value,
    unit: '%',
    effectiveAt: at,
    ...extra,
  });
  const rangeOf = (r: Record<string, unknown>) => [
    r.referenceHigh,
    r.referenceHighExclusive,
    r.referenceText,
  ];

  it('flags an imported A1c with no range as a typed one: against the ADA range, which it shows', async () => {
    const typed = await add(carol, a1c(7.4, daysAgo(70)));
    const [imported] = await server.deps.db.asUser(carolId, (tx) =>
      insertLabResults(tx, carolId, [a1c(6.4, daysAgo(400))], 'imported', null),
    );
    expect(typed.flag).toBe('high');
    expect(imported!.flag).toBe('high');
    expect(rangeOf(typed)).toEqual([5.7, true, 'Below 5.7% (ADA)']);
    expect(rangeOf(imported!)).toEqual(rangeOf(typed));
    const [normal] = await server.deps.db.asUser(carolId, (tx) =>
      insertLabResults(tx, carolId, [a1c(5.4, daysAgo(800))], 'portal', null),
    );
    expect(normal!.flag).toBe('normal');
  });

  it('keeps a result’s own range and its source’s flag, and gives no range where none is shipped', async () => {
    const own = await add(carol, a1c(5.9, daysAgo(71), { referenceLow: 4, referenceHigh: 6 }));
    expect(own).toMatchObject({ referenceHigh: 6, referenceText: null, flag: 'normal' });
    const [told, words, noUnit] = await server.deps.db.asUser(carolId, (tx) =>
      insertLabResults(
        tx,
        carolId,
        [
          a1c(5.2, daysAgo(72), { flag: 'low' }),
          a1c(5.3, daysAgo(73), { referenceText: '4.0–6.0' }),
          a1c(48, daysAgo(74), { unit: 'mmol/mol' }),
        ],
        'imported',
        null,
      ),
    );
    expect(told!.flag).toBe('low');
    expect(words).toMatchObject({ referenceHigh: null, referenceText: '4.0–6.0', flag: null });
    expect(noUnit).toMatchObject({ referenceHigh: null, flag: null });
  });
});

describe('caregivers', () => {
  const visitor = () => {
    const c = server.client();
    const ip = `198.51.100.${++ipSeq}`;
    return (path: string) => c.get(path, { 'x-forwarded-for': ip });
  };
  const invite = async (categories: string[]) => {
    const res = await alice.post('/api/v1/shares', { email: 'lab-carer@example.com', categories });
    expect(res.status, await res.clone().text()).toBe(201);
    return new URL((await res.json()).link).pathname.split('/').pop() as string;
  };

  it('see lab results only when the share grants lab results, within its history window', async () => {
    await add(alice, ldl(140, daysAgo(200), { note: 'old-lab-marker' }));
    await add(alice, ldl(95, daysAgo(4), { note: 'recent-lab-marker' }));
    const get = visitor();
    const granted = await (await get(`/api/v1/shared/${await invite(['lab_results'])}/lab-results`)).text();
    expect(granted).toContain('recent-lab-marker');
    // view_only: the last 30 days
    expect(granted).not.toContain('old-lab-marker');
    const other = await get(`/api/v1/shared/${await invite(['health_metrics'])}/lab-results`);
    expect(other.status).toBe(404);
  });
});

describe('the A1C tracker', () => {
  it('keeps A1C results as lab results: the entries API refuses them, the lab list has them', async () => {
    const res = await alice.post('/api/v1/entries', {
      tracker: 'a1c',
      occurredAt: daysAgo(1),
      data: { value: 6.2, test_date: daysAgo(1).slice(0, 10) },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/lab result/);
    await add(alice, {
      testName: 'Hemoglobin A1c',
      loinc: '4548-4',
      value: 6.2,
      unit: '%',
      referenceHigh: 5.6,
      effectiveAt: daysAgo(1),
    });
    const a1c = await (await alice.get('/api/v1/lab-results?loinc=4548-4')).json();
    expect(a1c.items.map((r: { value: number; flag: string }) => [r.value, r.flag])).toEqual([[6.2, 'high']]);
  });

  it('moves the readings of the old A1C tracker into lab results (the migration)', async () => {
    await server.deps.db.owner.execute(sql`insert into tracker_entries (user_id, tracker, occurred_at, notes, data)
      values (${aliceId}, 'a1c', now() - interval '100 days', 'from the old tracker',
        '{"value": 5.4, "test_date": "2026-03-04", "lab_name": "Old Lab"}')`);
    const dir = join(import.meta.dirname, '../../../drizzle');
    const file = readdirSync(dir).find((f) => f.endsWith('_lab_results_sql.sql'))!;
    // As the migrator runs it: every statement in one transaction.
    await server.deps.db.owner.transaction(async (tx) => {
      for (const statement of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    const moved = (await (await alice.get('/api/v1/lab-results?loinc=4548-4')).json()).items.find(
      (r: { note: string }) => r.note === 'from the old tracker',
    );
    expect(moved).toMatchObject({
      value: 5.4,
      unit: '%',
      flag: 'normal',
      labName: 'Old Lab',
      source: 'typed',
    });
    expect(moved.effectiveAt.slice(0, 10)).toBe('2026-03-04');
    const { rows } = await server.deps.db.owner.execute(
      sql`select 1 from tracker_entries where tracker = 'a1c'`,
    );
    expect(rows).toEqual([]);
  });
});
