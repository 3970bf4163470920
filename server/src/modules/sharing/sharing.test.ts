import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { hashShareToken } from './share-token';
import { SHARE_LOOKUPS_PER_IP } from './shared-view.routes';
import { activeCaregivers, revokeShare } from './sharing.service';

let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;
let ipSeq = 0;
/** A caregiver without a session, from its own address (the lookups are throttled per IP). */
const visitor = (ip = `198.51.100.${++ipSeq % 250}`) => {
  const c = server.client();
  return { get: (path: string) => c.get(path, { 'x-forwarded-for': ip }), client: c };
};

beforeAll(async () => {
  server = await createTestServer({ trustProxy: 1 });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-share@example.com'));
  ({ client: bob, userId: bobId } = await signUpAndSignIn(server, 'bob-share@example.com'));
  await alice.patch('/api/v1/profile', { displayName: 'Alice Owner', glucoseUnit: 'mmol/L' });
  const now = Date.now();
  for (const [tracker, data, notes] of [
    ['blood-pressure', { systolic: 121, diastolic: 79 }, 'bp-marker'],
    ['blood-glucose', { glucose: 144 }, 'glucose-marker'],
    ['journal', { value: 'private thoughts' }, 'journal-marker'],
  ] as const) {
    const res = await alice.post('/api/v1/entries', {
      tracker,
      occurredAt: new Date(now - 3_600_000).toISOString(),
      data,
      notes,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const a1c = await alice.post('/api/v1/lab-results', {
    testName: 'Hemoglobin A1c',
    loinc: '4548-4',
    value: 6.4,
    unit: '%',
    effectiveAt: new Date(now - 3_600_000).toISOString(),
    note: 'a1c-marker',
  });
  expect(a1c.status, await a1c.clone().text()).toBe(201);
  await alice.post('/api/v1/appointments', {
    provider: 'Dr. Marker',
    date: new Date(now + 5 * 86_400_000).toISOString().slice(0, 10),
    startTime: '10:00',
  });
});
afterAll(() => server.close());

const invite = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const res = await client.post('/api/v1/shares', { email: 'carer@example.com', ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  const share = await res.json();
  return { ...share, token: new URL(share.link).pathname.split('/').pop() as string };
};

describe('inviting a caregiver', () => {
  it('needs a session, an email and a category, with every issue listed', async () => {
    expect((await server.client().post('/api/v1/shares', { email: 'x@example.com' })).status).toBe(401);
    const res = await alice.post('/api/v1/shares', { email: '', categories: [], expiresInDays: 14 });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'categories',
      'email',
      'expiresInDays',
    ]);
    expect(body.errors.find((e: { path: string }) => e.path === 'email').message).toBe('Email is required');
    expect((await alice.get('/api/v1/shares')).status).toBe(200);
  });

  it('stores the spec defaults, emails the link, and keeps only a digest of the token', async () => {
    const share = await invite(alice, { name: 'Carer', message: 'Please keep an eye on my sugars' });
    expect(share).toMatchObject({
      sharedWithEmail: 'carer@example.com',
      sharedWithName: 'Carer',
      accessType: 'view_only',
      categories: ['documents', 'health_metrics'],
      status: 'pending',
      lastAccessedAt: null,
    });
    expect(Date.parse(share.expiresAt) - Date.parse(share.createdAt)).toBeCloseTo(30 * 86_400_000, -4);
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await latestMailLink(server.deps.db, 'carer@example.com')).toBe(share.link);
    const { rows } = await server.deps.db.owner.execute<Record<string, unknown>>(
      sql`select * from shared_access where id = ${share.id}`,
    );
    expect(rows[0]!.token_hash).toBe(hashShareToken(share.token));
    expect(JSON.stringify(rows[0])).not.toContain(share.token);
    // The owner can copy the same link again.
    expect((await (await alice.get(`/api/v1/shares/${share.id}/link`)).json()).link).toBe(share.link);
  });
});

describe('the caregiver link', () => {
  it('opens the owner’s name and unit, turns pending into active, and tells the owner once', async () => {
    const share = await invite(alice, { categories: ['health_metrics', 'lab_results'] });
    const v = visitor();
    const res = await v.get(`/api/v1/shared/${share.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      ownerName: 'Alice Owner',
      glucoseUnit: 'mmol/L',
      accessType: 'view_only',
      historyDays: 30,
      categories: ['health_metrics', 'lab_results'],
    });
    await v.get(`/api/v1/shared/${share.token}/health-metrics`);
    const list = (await (await alice.get('/api/v1/shares')).json()).items;
    const mine = list.find((s: { id: string }) => s.id === share.id);
    expect(mine.status).toBe('active');
    expect(mine.lastAccessedAt).not.toBeNull();
    const notes = (await (await alice.get('/api/v1/notifications?limit=50')).json()).items.filter(
      (n: { title: string; metadata: Record<string, unknown> }) =>
        n.title === 'Shared link opened' && n.metadata.share_id === share.id,
    );
    expect(notes).toHaveLength(1);
    const page = await v.get(`/shared/${share.token}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('shows exactly the granted categories: health metrics without journal, lab results, nothing else', async () => {
    const share = await invite(alice, { categories: ['health_metrics', 'lab_results'] });
    const v = visitor();
    const health = await (await v.get(`/api/v1/shared/${share.token}/health-metrics`)).json();
    const notes = health.entries.map((e: { notes: string }) => e.notes).sort();
    expect(notes).toEqual(['bp-marker', 'glucose-marker']);
    expect(health.glucose.points.map((p: { mean: number }) => p.mean)).toEqual([144]);
    const labs = await (await v.get(`/api/v1/shared/${share.token}/lab-results`)).json();
    expect(labs.results.map((r: { note: string }) => r.note)).toEqual(['a1c-marker']);
    for (const path of ['medications', 'appointments', 'documents']) {
      const res = await v.get(`/api/v1/shared/${share.token}/${path}`);
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe('not_shared');
    }
    const docs = await invite(alice, { categories: ['documents'] });
    expect(await (await v.get(`/api/v1/shared/${docs.token}/documents`)).json()).toEqual({ items: [] });
  });

  it('answers unknown, malformed, expired and revoked links identically', async () => {
    const expired = await invite(alice);
    await server.deps.db.owner.execute(
      sql`update shared_access set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const revoked = await invite(alice);
    await alice.post(`/api/v1/shares/${revoked.id}/revoke`);
    const unknown = 'A'.repeat(43);
    const answers = [];
    for (const token of [unknown, 'short', expired.token, revoked.token]) {
      const res = await visitor().get(`/api/v1/shared/${token}/health-metrics`);
      const body = await res.json();
      answers.push({
        status: res.status,
        type: res.headers.get('content-type'),
        body: { ...body, instance: 0, requestId: 0 },
      });
    }
    expect(answers[0]).toMatchObject({
      status: 404,
      body: { code: 'share_link_invalid', detail: 'This link is not valid' },
    });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('takes about as long to refuse an unknown link as a revoked one', async () => {
    const revoked = await invite(alice);
    await alice.post(`/api/v1/shares/${revoked.id}/revoke`);
    const time = async (token: string) => {
      const t = performance.now();
      await visitor().get(`/api/v1/shared/${token}`);
      return performance.now() - t;
    };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 15; i++) {
      a.push(await time(`${'B'.repeat(40)}${String(i).padStart(3, '0')}`));
      b.push(await time(revoked.token));
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(a) - median(b))).toBeLessThan(Math.max(10, median(b)));
  });

  it('revoking, narrowing and expiry take effect on the next request', async () => {
    const share = await invite(alice, { categories: ['health_metrics', 'appointments'] });
    const v = visitor();
    expect((await v.get(`/api/v1/shared/${share.token}/appointments`)).status).toBe(200);
    const narrowed = await alice.patch(`/api/v1/shares/${share.id}`, { categories: ['health_metrics'] });
    expect((await narrowed.json()).categories).toEqual(['health_metrics']);
    expect((await v.get(`/api/v1/shared/${share.token}/appointments`)).status).toBe(404);
    expect((await v.get(`/api/v1/shared/${share.token}/health-metrics`)).status).toBe(200);
    await server.deps.db.owner.execute(
      sql`update shared_access set expires_at = now() - interval '1 second' where id = ${share.id}`,
    );
    expect((await v.get(`/api/v1/shared/${share.token}`)).status).toBe(404);
    const extended = await alice.patch(`/api/v1/shares/${share.id}`, { expiresInDays: 7 });
    expect((await extended.json()).status).toBe('active');
    expect((await v.get(`/api/v1/shared/${share.token}`)).status).toBe(200);
    const revoked = await alice.post(`/api/v1/shares/${share.id}/revoke`);
    expect((await revoked.json()).status).toBe('revoked');
    expect((await v.get(`/api/v1/shared/${share.token}`)).status).toBe(404);
    expect((await alice.patch(`/api/v1/shares/${share.id}`, { expiresInDays: 7 })).status).toBe(409);
    expect((await alice.get(`/api/v1/shares/${share.id}/link`)).status).toBe(409);
  });

  it('records every caregiver read in the audit log, which is the owner’s access log', async () => {
    const share = await invite(alice, { categories: ['lab_results'] });
    const v = visitor('203.0.113.9');
    await v.get(`/api/v1/shared/${share.token}`);
    await v.get(`/api/v1/shared/${share.token}/lab-results`);
    const log = (await (await alice.get(`/api/v1/shares/${share.id}/access-log`)).json()).items;
    expect(log.map((l: { viewed: string; ipAddress: string }) => [l.viewed, l.ipAddress])).toEqual([
      ['lab_results', '203.0.113.9'],
      ['overview', '203.0.113.9'],
    ]);
  });

  it('is throttled per address before any lookup', async () => {
    const v = visitor('192.0.2.77');
    for (let i = 0; i < SHARE_LOOKUPS_PER_IP.points; i++) await v.get(`/api/v1/shared/${'C'.repeat(43)}`);
    const res = await v.get(`/api/v1/shared/${'C'.repeat(43)}`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await visitor('192.0.2.78').get(`/api/v1/shared/${'C'.repeat(43)}`)).status).toBe(404);
  });
});

describe('owners and their shares', () => {
  it('owner A never sees, changes, copies or revokes owner B’s shares', async () => {
    const share = await invite(alice);
    const bobs = (await (await bob.get('/api/v1/shares')).json()).items;
    expect(bobs.map((s: { id: string }) => s.id)).not.toContain(share.id);
    expect((await bob.patch(`/api/v1/shares/${share.id}`, { accessType: 'full_access' })).status).toBe(404);
    expect((await bob.post(`/api/v1/shares/${share.id}/revoke`)).status).toBe(404);
    expect((await bob.get(`/api/v1/shares/${share.id}/link`)).status).toBe(404);
    expect((await bob.get(`/api/v1/shares/${share.id}/access-log`)).status).toBe(404);
    expect((await visitor().get(`/api/v1/shared/${share.token}`)).status).toBe(200);
  });

  it('lists live caregivers for alerts, and an admin revokes through the same function', async () => {
    const share = await invite(alice, { email: 'dose-watch@example.com', name: 'Dose Watcher' });
    const live = await server.deps.db.asUser(aliceId, (tx) => activeCaregivers(tx, aliceId));
    expect(live).toContainEqual(
      expect.objectContaining({ shareId: share.id, email: 'dose-watch@example.com', name: 'Dose Watcher' }),
    );
    const revoked = await revokeShare(server.deps.db, { userId: bobId, asAdmin: true }, share.id);
    expect(revoked.status).toBe('revoked');
    const after = await server.deps.db.asUser(aliceId, (tx) => activeCaregivers(tx, aliceId));
    expect(after.map((c) => c.shareId)).not.toContain(share.id);
  });
});

describe('a share bound to the invited account', () => {
  it('needs a sign-in with the invited address, then appears in that account’s Shared with me', async () => {
    const { client: carer } = await signUpAndSignIn(server, 'bound-carer@example.com');
    const share = await invite(alice, { email: 'bound-carer@example.com', requireSignIn: true });
    const anon = await visitor().get(`/api/v1/shared/${share.token}`);
    expect(anon.status).toBe(401);
    expect((await anon.json()).code).toBe('share_sign_in_required');
    expect((await bob.get(`/api/v1/shared/${share.token}`)).status).toBe(401);
    expect((await carer.get(`/api/v1/shared/${share.token}`)).status).toBe(200);
    const mine = (await (await carer.get('/api/v1/shared-with-me')).json()).items;
    expect(mine).toEqual([
      expect.objectContaining({ id: share.id, ownerName: 'Alice Owner', status: 'active', link: share.link }),
    ]);
    expect((await (await bob.get('/api/v1/shared-with-me')).json()).items).toEqual([]);
  });
});
