import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let patient: TestClient;
let patientId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'chief@example.com'));
  ({ client: patient, userId: patientId } = await signUpAndSignIn(server, 'patient@example.com'));
  await patient.patch('/api/v1/profile', { displayName: 'Grace Hopper' });
  await patient.post('/api/v1/entries', {
    tracker: 'weight',
    occurredAt: new Date().toISOString(),
    data: { weight: 63.7, weightUnit: 'kg' },
  });
});
afterAll(() => server.close());

const invite = async (email: string, name?: string) => {
  const res = await patient.post('/api/v1/shares', { email, name, categories: ['health_metrics'] });
  expect(res.status, await res.clone().text()).toBe(201);
  const share = await res.json();
  return { id: share.id as string, token: new URL(share.link).pathname.split('/').pop() as string };
};
const search = async (q: string) =>
  (await (await admin.get(`/api/v1/admin/shares?q=${encodeURIComponent(q)}`)).json()).items as {
    id: string;
    status: string;
  }[];

describe('admin caregivers', () => {
  it('lists every share newest first, searched by caregiver email, name or patient name', async () => {
    const first = await invite('nurse.joy@example.com', 'Joy Nurse');
    const second = await invite('son@example.com');
    const res = await admin.get('/api/v1/admin/shares');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items.map((s: { id: string }) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(body.items[1]).toEqual({
      id: first.id,
      ownerId: patientId,
      ownerName: 'Grace Hopper',
      sharedWithEmail: 'nurse.joy@example.com',
      sharedWithName: 'Joy Nurse',
      accessType: 'view_only',
      categories: ['health_metrics'],
      status: 'pending',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      lastAccessedAt: null,
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(first.token);
    expect(text).not.toContain('63.7');
    expect((await search('NURSE.JOY')).map((s) => s.id)).toEqual([first.id]);
    expect((await search('joy nurse')).map((s) => s.id)).toEqual([first.id]);
    expect((await search('grace HOP')).map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    expect(await search('nobody-like-this')).toEqual([]);
    // A wildcard in the search is a character, not a pattern.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect((await admin.get(`/api/v1/admin/shares?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('revokes a pending share (the dashboard counts it as live, its link still opens) and the count drops', async () => {
    const share = await invite('pending.carer@example.com', 'Pending Carer');
    expect((await search('pending.carer'))[0]!.status).toBe('pending');
    const before = (await (await admin.get('/api/v1/admin/dashboard')).json()).shares.active;
    const res = await admin.post(`/api/v1/admin/shares/${share.id}/revoke`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: share.id, status: 'revoked' });
    expect((await server.client().get(`/api/v1/shared/${share.token}`)).status).toBe(404);
    expect((await (await admin.get('/api/v1/admin/dashboard')).json()).shares.active).toBe(before - 1);
  });

  it('revokes a share: the caregiver’s next request is refused, audited, and only once', async () => {
    const share = await invite('watcher@example.com', 'Watcher');
    const carer = server.client();
    expect((await carer.get(`/api/v1/shared/${share.token}`)).status).toBe(200);
    expect((await search('watcher'))[0]!.status).toBe('active');

    const res = await admin.post(`/api/v1/admin/shares/${share.id}/revoke`, undefined, {
      'user-agent': 'AdminBrowser/2.0',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: share.id, status: 'revoked' });
    expect((await carer.get(`/api/v1/shared/${share.token}`)).status).toBe(404);
    expect((await search('watcher'))[0]!.status).toBe('revoked');
    const [row] = (await auditRows(server, 'revoke_share')).slice(-1);
    expect(row).toMatchObject({
      user_id: adminId,
      resource_type: 'shared_access',
      resource_id: share.id,
      details: { owner: patientId },
      user_agent: 'AdminBrowser/2.0',
    });
    expect(row!.ip_address).toBeTruthy();

    const again = await admin.post(`/api/v1/admin/shares/${share.id}/revoke`);
    expect(again.status).toBe(409);
    expect((await auditRows(server, 'revoke_share')).filter((r) => r.resource_id === share.id)).toHaveLength(
      1,
    );
    const unknown = await admin.post('/api/v1/admin/shares/00000000-0000-4000-8000-000000000000/revoke');
    expect(unknown.status).toBe(404);
    expect((await admin.post('/api/v1/admin/shares/not-a-uuid/revoke')).status).toBe(400);
  });

  it('answers 409 for an expired share and leaves it unrevoked', async () => {
    const share = await invite('late@example.com');
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`update shared_access set expires_at = now() - interval '1 day' where id = ${share.id}`),
    );
    expect((await search('late@'))[0]!.status).toBe('expired');
    const res = await admin.post(`/api/v1/admin/shares/${share.id}/revoke`);
    expect(res.status).toBe(409);
    expect((await search('late@'))[0]!.status).toBe('expired');
  });
});
