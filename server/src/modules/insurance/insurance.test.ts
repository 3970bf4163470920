import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-ins@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-ins@example.com')).client;
});
afterAll(() => server.close());

const plan = {
  name: 'Blue Shield PPO',
  type: 'primary',
  policyNumber: 'POL-1',
  memberNumber: 'MEM-1',
  effectiveDate: '2026-01-01',
  deductible: '1500.00',
  deductibleMet: '450.50',
  copayPrimary: '25',
  contactPhone: '1-800-555-0100',
};
const claim = {
  claimNumber: 'CLM-001',
  provider: 'City Clinic',
  serviceDate: '2026-10-01',
  submittedDate: '2026-10-03',
  amount: '250.00',
  covered: '200.00',
  patientResponsibility: '50.00',
};
const bill = { provider: 'Lab Corp', amount: '100.10', dueDate: '2026-12-01', category: 'Lab Work' };

const created = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};

describe('insurance plans', () => {
  it('keeps one active primary plan at a time and says so', async () => {
    const first = await created(await alice.post('/api/v1/insurance/plans', plan));
    expect(first).toMatchObject({
      status: 'active',
      deductibleCents: 150000,
      deductibleMetCents: 45050,
      copayPrimaryCents: 2500,
    });
    const second = await alice.post('/api/v1/insurance/plans', {
      ...plan,
      name: 'Second',
      policyNumber: 'POL-2',
    });
    expect(second.status).toBe(409);
    expect(second.headers.get('content-type')).toContain('application/problem+json');
    expect((await second.json()).detail).toMatch(/already have an active primary plan/);
    // An inactive primary is fine; making it active while the first is active is not.
    const old = await created(
      await alice.post('/api/v1/insurance/plans', { ...plan, name: 'Old', status: 'inactive' }),
    );
    expect((await alice.patch(`/api/v1/insurance/plans/${old.id}`, { status: 'active' })).status).toBe(409);
    // Editing the active primary itself is not a conflict, and an edit changes only what it sends.
    const edited = await alice.patch(`/api/v1/insurance/plans/${first.id}`, { deductibleMet: '500' });
    expect(await edited.json()).toMatchObject({
      deductibleMetCents: 50000,
      deductibleCents: 150000,
      copayPrimaryCents: 2500,
    });
    expect(
      (await alice.patch(`/api/v1/insurance/plans/${first.id}`, { deductibleMet: '1500.01' })).status,
    ).toBe(400);
  });

  it('lets only one of two simultaneous active primary plans in', async () => {
    const { client: erin } = await signUpAndSignIn(server, 'erin-ins@example.com');
    const answers = await Promise.all(
      ['A', 'B'].map((n) => erin.post('/api/v1/insurance/plans', { ...plan, name: n })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const { items } = await (await erin.get('/api/v1/insurance/plans')).json();
    expect(items).toHaveLength(1);
  });

  it('lists every validation issue as problem+json', async () => {
    const res = await alice.post('/api/v1/insurance/plans', { type: 'gold', deductible: '-1' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual([
      'name',
      'type',
      'policyNumber',
      'memberNumber',
      'effectiveDate',
      'deductible',
      'contactPhone',
    ]);
  });
});

describe('claims', () => {
  it('records a claim against one of the user’s plans, never another user’s', async () => {
    const bobPlan = await created(await bob.post('/api/v1/insurance/plans', plan));
    const stolen = await alice.post('/api/v1/insurance/claims', { ...claim, insurancePlanId: bobPlan.id });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).errors).toEqual([
      { path: 'insurancePlanId', message: 'Choose one of your insurance plans' },
    ]);
    const c = await created(await alice.post('/api/v1/insurance/claims', claim));
    expect(c).toMatchObject({
      amountCents: 25000,
      coveredCents: 20000,
      patientResponsibilityCents: 5000,
      status: 'pending',
    });
    expect((await alice.post('/api/v1/insurance/claims', claim)).status).toBe(409);
    const bad = await alice.patch(`/api/v1/insurance/claims/${c.id}`, { covered: '300', status: 'lost' });
    expect((await bad.json()).errors.map((e: { path: string }) => e.path)).toEqual(['status']);
    const over = await alice.patch(`/api/v1/insurance/claims/${c.id}`, { covered: '300' });
    expect((await over.json()).errors).toEqual([
      { path: 'covered', message: 'Covered cannot be more than the amount' },
    ]);
    const approved = await alice.patch(`/api/v1/insurance/claims/${c.id}`, { status: 'approved' });
    expect(await approved.json()).toMatchObject({ status: 'approved', amountCents: 25000 });
  });
});

describe('bills and payments', () => {
  it('a partial payment makes the bill partial, paying the rest makes it paid, never more', async () => {
    const b = await created(
      await alice.post('/api/v1/insurance/bills', { ...bill, amount: '250.00', insuranceCovered: '200.00' }),
    );
    expect(b).toMatchObject({ status: 'pending', outstandingCents: 5000, paidCents: 0 });
    const part = await created(
      await alice.post(`/api/v1/insurance/bills/${b.id}/payments`, { amount: '20.10', paidOn: '2026-11-20' }),
    );
    expect(part).toMatchObject({ status: 'partial', paidCents: 2010, outstandingCents: 2990 });
    const tooMuch = await alice.post(`/api/v1/insurance/bills/${b.id}/payments`, {
      amount: '29.91',
      paidOn: '2026-11-21',
    });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).errors).toEqual([
      // In the user's currency, as the dialog says it ("$29.90 outstanding"), not a bare 29.90.
      { path: 'amount', message: 'The payment is more than the $29.90 outstanding' },
    ]);
    const rest = await created(
      await alice.post(`/api/v1/insurance/bills/${b.id}/payments`, { amount: '29.90', paidOn: '2026-11-22' }),
    );
    expect(rest).toMatchObject({ status: 'paid', paidCents: 5000, outstandingCents: 0 });
    expect(rest.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([2010, 2990]);
    expect(
      (await alice.post(`/api/v1/insurance/bills/${b.id}/payments`, { amount: '1', paidOn: '2026-11-22' }))
        .status,
    ).toBe(409);
    // A bill insurance covered in full has nothing left to pay.
    const covered = await created(
      await alice.post('/api/v1/insurance/bills', { ...bill, amount: '150', insuranceCovered: '150' }),
    );
    expect(covered).toMatchObject({ status: 'paid', outstandingCents: 0 });
    // The amount cannot drop below what was covered and paid.
    const below = await alice.patch(`/api/v1/insurance/bills/${b.id}`, { amount: '249.99' });
    expect(below.status).toBe(422);
    expect((await below.json()).errors).toEqual([
      {
        path: 'amount',
        message: 'The amount cannot be less than insurance covered plus the $50.00 already paid',
      },
    ]);
  });

  it('refuses bad input with every issue and writes nothing', async () => {
    const res = await alice.post('/api/v1/insurance/bills', {
      provider: '',
      amount: '-3',
      dueDate: 'next week',
      status: 'lost',
      category: 'Lab Work',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual([
      'provider',
      'amount',
      'dueDate',
      'status',
    ]);
    const covered = await alice.post('/api/v1/insurance/bills', { ...bill, insuranceCovered: '100.11' });
    expect((await covered.json()).errors).toEqual([
      { path: 'insuranceCovered', message: 'Insurance covered cannot be more than the amount' },
    ]);
    const malformed = await alice.request('POST', '/api/v1/insurance/bills', '{"provider":');
    expect(malformed.status).toBe(400);
    const { items } = await (await bob.get('/api/v1/insurance/bills')).json();
    expect(items).toEqual([]);
  });
});

describe('isolation', () => {
  it('answers 404 for another user’s plan, claim and bill, whatever the method', async () => {
    const p = await created(
      await alice.post('/api/v1/insurance/plans', { ...plan, type: 'dental', name: 'Dental' }),
    );
    const c = await created(
      await alice.post('/api/v1/insurance/claims', { ...claim, claimNumber: 'CLM-ISO' }),
    );
    const b = await created(await alice.post('/api/v1/insurance/bills', bill));
    const edits: [string, object][] = [
      [`plans/${p.id}`, { name: 'mine now' }],
      [`claims/${c.id}`, { provider: 'mine now' }],
      [`bills/${b.id}`, { provider: 'mine now' }],
    ];
    for (const [path, edit] of edits) {
      const url = `/api/v1/insurance/${path}`;
      expect((await bob.get(url)).status, url).toBe(404);
      expect((await bob.patch(url, edit)).status, url).toBe(404);
      expect((await bob.delete(url)).status, url).toBe(404);
      expect((await alice.get(url)).status, url).toBe(200);
    }
    expect(
      (await bob.post(`/api/v1/insurance/bills/${b.id}/payments`, { amount: '1', paidOn: '2026-11-01' }))
        .status,
    ).toBe(404);
    const lists = await Promise.all(
      ['plans', 'claims', 'bills'].map((k) => bob.get(`/api/v1/insurance/${k}`)),
    );
    const ids = (await Promise.all(lists.map((r) => r.json()))).flatMap((l) =>
      l.items.map((i: { id: string }) => i.id),
    );
    expect(ids).not.toContain(c.id);
    expect(ids).not.toContain(b.id);
  });

  it('keeps a claim when its plan is removed, without the plan', async () => {
    const { client: dan } = await signUpAndSignIn(server, 'dan-ins@example.com');
    const p = await created(await dan.post('/api/v1/insurance/plans', { ...plan, type: 'vision' }));
    const c = await created(await dan.post('/api/v1/insurance/claims', { ...claim, insurancePlanId: p.id }));
    expect((await dan.delete(`/api/v1/insurance/plans/${p.id}`)).status).toBe(204);
    expect(await (await dan.get(`/api/v1/insurance/claims/${c.id}`)).json()).toMatchObject({
      id: c.id,
      insurancePlanId: null,
    });
    expect((await dan.get(`/api/v1/insurance/plans/${p.id}`)).status).toBe(404);
  });

  it('answers 401 to an anonymous caller', async () => {
    const anonymous = server.client();
    for (const path of ['plans', 'claims', 'bills', 'settings', 'export.csv?year=2026'])
      expect((await anonymous.get(`/api/v1/insurance/${path}`)).status, path).toBe(401);
    expect((await anonymous.post('/api/v1/insurance/bills', bill)).status).toBe(401);
  });
});

describe('settings and export', () => {
  it('documents every insurance route in OpenAPI', async () => {
    const doc = await (await server.client().get('/api/openapi.json')).json();
    for (const p of [
      '/api/v1/insurance/plans',
      '/api/v1/insurance/plans/{id}',
      '/api/v1/insurance/claims/{id}',
      '/api/v1/insurance/bills/{id}/payments',
      '/api/v1/insurance/settings',
      '/api/v1/insurance/export.csv',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });

  it('keeps the currency and HSA/FSA balances the user enters', async () => {
    expect(await (await alice.get('/api/v1/insurance/settings')).json()).toEqual({
      currency: 'USD',
      hsaCents: 0,
      fsaCents: 0,
      fsaExpiration: null,
    });
    const saved = await alice.put('/api/v1/insurance/settings', {
      currency: 'EUR',
      hsaBalance: '1200.50',
      fsaBalance: '300',
      fsaExpiration: '2026-12-31',
    });
    expect(await saved.json()).toEqual({
      currency: 'EUR',
      hsaCents: 120050,
      fsaCents: 30000,
      fsaExpiration: '2026-12-31',
    });
    expect(
      (await alice.put('/api/v1/insurance/settings', { currency: 'XYZ', hsaBalance: '-1' })).status,
    ).toBe(400);
  });

  it('exports the year’s claims and bills as CSV that parses back, cent for cent', async () => {
    const { client: carol } = await signUpAndSignIn(server, 'carol-ins@example.com');
    await carol.post('/api/v1/insurance/claims', { ...claim, description: 'Visit, "follow-up"\nline two' });
    await carol.post('/api/v1/insurance/bills', { ...bill, description: '=HYPERLINK("x")' });
    await carol.post('/api/v1/insurance/bills', {
      ...bill,
      provider: 'Pharmacy',
      amount: '200.20',
      category: 'Prescriptions',
    });
    await carol.post('/api/v1/insurance/bills', { ...bill, dueDate: '2025-12-31' }); // another year
    // Not decided yet, covered and the patient's share left blank: not known, so empty, not 0.00.
    await carol.post('/api/v1/insurance/claims', {
      claimNumber: 'CLM-002',
      provider: 'Imaging Center',
      serviceDate: '2026-10-05',
      submittedDate: '2026-10-06',
      amount: '450',
    });
    // Pending and past its due date: the screen says "Overdue", so does the file.
    await carol.post('/api/v1/insurance/bills', { ...bill, provider: 'CVS Pharmacy', dueDate: '2026-01-20' });
    const res = await carol.get('/api/v1/insurance/export.csv?year=2026');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="healthfolio-claims-and-bills-2026.csv"',
    );
    const rows: Record<string, string>[] = parse(await res.text(), { columns: true });
    expect(rows.map((r) => [r.Record, r.Date, r.Provider, r.Amount])).toEqual([
      ['Bill', '2026-01-20', 'CVS Pharmacy', '100.10'],
      ['Claim', '2026-10-01', 'City Clinic', '250.00'],
      ['Claim', '2026-10-05', 'Imaging Center', '450.00'],
      ['Bill', '2026-12-01', 'Lab Corp', '100.10'],
      ['Bill', '2026-12-01', 'Pharmacy', '200.20'],
    ]);
    expect(rows.map((r) => [r.Provider, r['Insurance covered'], r['Patient responsibility']])).toEqual([
      ['CVS Pharmacy', '0.00', '100.10'],
      ['City Clinic', '200.00', '50.00'], // entered on a pending claim: shown as entered
      ['Imaging Center', '', ''],
      ['Lab Corp', '0.00', '100.10'],
      ['Pharmacy', '0.00', '200.20'],
    ]);
    expect(rows[0]?.Status).toBe('Overdue');
    expect(rows[1]).toMatchObject({
      Description: 'Visit, "follow-up"\nline two',
      Status: 'Pending',
      'Claim number': 'CLM-001',
    });
    expect(rows[3]?.Description).toBe(`'=HYPERLINK("x")`); // not run as a formula by a spreadsheet
    const billTotal = rows
      .filter((r) => r.Record === 'Bill')
      .reduce((sum, r) => sum + Math.round(Number(r.Amount) * 100), 0);
    expect(billTotal).toBe(40040);
    expect((await carol.get('/api/v1/insurance/export.csv?year=abc')).status).toBe(400);
  });
});
