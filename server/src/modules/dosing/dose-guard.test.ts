import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-dose@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-dose@example.com')).client;
});
afterAll(() => server.close());

const dose = (total: number, extra: Record<string, unknown> = {}) => ({
  tracker: 'insulin',
  occurredAt: new Date().toISOString(),
  data: { meal_insulin: total, correction_insulin: 0, total_insulin: total, ...extra },
});
const SETTINGS = {
  carb_ratio: 15,
  correction_factor: 50,
  target_glucose: 120,
  insulin_curve: 'rapid-acting',
  dia_hours: 5,
  max_single_dose: 15,
};
const settings = (client: TestClient, extra: Record<string, unknown>, at = new Date()) =>
  client.post('/api/v1/entries', {
    tracker: 'insulin-settings',
    occurredAt: at.toISOString(),
    data: { ...SETTINGS, ...extra },
  });
const doseCount = async (client: TestClient) =>
  (await (await client.get('/api/v1/entries?tracker=insulin&limit=200')).json()).items.length;

describe('insulin dose guards on the server', () => {
  it('refuses any dose until the user saved their own insulin settings, all of them', async () => {
    const res = await alice.post('/api/v1/entries', dose(2));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body.code).toBe('insulin_settings_required');
    expect(body.detail).toContain('Save your insulin settings first');
    expect(await doseCount(alice)).toBe(0);
    // Settings without the maximum, curve and duration are refused, so they cannot stand in either.
    const partial = await alice.post('/api/v1/entries', {
      tracker: 'insulin-settings',
      occurredAt: new Date().toISOString(),
      data: { carb_ratio: 15, correction_factor: 50, target_glucose: 120 },
    });
    expect(partial.status).toBe(400);
    expect((await partial.json()).errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'data.dia_hours',
      'data.insulin_curve',
      'data.max_single_dose',
    ]);
    expect((await alice.post('/api/v1/entries', dose(2))).status).toBe(422);
    // Saved (a minute ago, so later saves in this file are the latest): the dose is taken.
    expect((await settings(alice, {}, new Date(Date.now() - 60_000))).status).toBe(201);
    expect((await alice.post('/api/v1/entries', dose(2))).status).toBe(201);
  });

  it('refuses a dose above the saved maximum of 15 units with a problem document, and stores nothing', async () => {
    const before = await doseCount(alice);
    const res = await alice.post('/api/v1/entries', dose(15.1, { high_dose_confirmed: true }));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body.code).toBe('dose_above_maximum');
    expect(body.detail).toContain('above your maximum single dose of 15 units');
    expect(body.errors).toEqual([{ path: 'data.total_insulin', message: body.detail }]);
    expect(await doseCount(alice)).toBe(before);
  });

  it('takes a dose above 10 units (two thirds of 15) only with the High Dose Alert confirmed; 10 units needs nothing', async () => {
    const unconfirmed = await alice.post('/api/v1/entries', dose(10.1));
    expect(unconfirmed.status).toBe(422);
    expect((await unconfirmed.json()).code).toBe('high_dose_unconfirmed');
    expect((await alice.post('/api/v1/entries', dose(10.1, { high_dose_confirmed: true }))).status).toBe(201);
    expect((await alice.post('/api/v1/entries', dose(15, { high_dose_confirmed: true }))).status).toBe(201);
    expect((await alice.post('/api/v1/entries', dose(10))).status).toBe(201);
  });

  it("follows the user's own maximum, also below 10 units, for new doses and edits; the alert follows it", async () => {
    expect((await settings(alice, { max_single_dose: 8 })).status).toBe(201);
    // Above two thirds of 8 (5.3 units) the High Dose Alert is needed.
    const unconfirmed = await alice.post('/api/v1/entries', dose(6));
    expect(unconfirmed.status).toBe(422);
    expect((await unconfirmed.json()).detail).toBe(
      'A dose above 5.3 units needs the High Dose Alert confirmed.',
    );
    expect((await alice.post('/api/v1/entries', dose(5.3))).status).toBe(201);
    expect((await alice.post('/api/v1/entries', dose(8, { high_dose_confirmed: true }))).status).toBe(201);
    const refused = await alice.post('/api/v1/entries', dose(8.5));
    expect(refused.status).toBe(422);
    expect((await refused.json()).detail).toContain('maximum single dose of 8 units');
    const { id } = await (await alice.post('/api/v1/entries', dose(4))).json();
    const edit = await alice.patch(`/api/v1/entries/${id}`, {
      data: { meal_insulin: 9, correction_insulin: 0, total_insulin: 9, high_dose_confirmed: true },
    });
    expect(edit.status).toBe(422);
    expect((await (await alice.get(`/api/v1/entries/${id}`)).json()).data.total_insulin).toBe(4);
  });

  it("one user's maximum never applies to another", async () => {
    expect((await settings(bob, { max_single_dose: 40 })).status).toBe(201);
    expect((await bob.post('/api/v1/entries', dose(30, { high_dose_confirmed: true }))).status).toBe(201);
    // Under a maximum of 40, 12 units is a usual dose: no alert.
    expect((await bob.post('/api/v1/entries', dose(12))).status).toBe(201);
    // Alice's maximum is still 8.
    expect((await alice.post('/api/v1/entries', dose(9, { high_dose_confirmed: true }))).status).toBe(422);
  });

  it('keeps curve, DIA and maximum in the insulin settings, within their bounds', async () => {
    const ok = await settings(bob, { insulin_curve: 'ultra-rapid', dia_hours: 6, max_single_dose: 12 });
    expect(ok.status).toBe(201);
    expect((await ok.json()).data).toMatchObject({
      insulin_curve: 'ultra-rapid',
      dia_hours: 6,
      max_single_dose: 12,
    });
    const bad = await settings(bob, { insulin_curve: 'nph', dia_hours: 4, max_single_dose: 0 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'data.dia_hours',
      'data.insulin_curve',
      'data.max_single_dose',
    ]);
  });
});
