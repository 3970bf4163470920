import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import {
  createTestServer,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';

let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'chief@example.com'));
});
afterAll(() => server.close());

describe('admin users', () => {
  it('lists accounts searched by display name or id, case-insensitive, with role and status', async () => {
    const { userId } = await signUpAndSignIn(server, 'Rosalind.Franklin@example.com');
    const byName = await (await admin.get('/api/v1/admin/users?q=ROSALIND')).json();
    expect(byName.items).toEqual([
      expect.objectContaining({ userId, displayName: 'rosalind.franklin', role: 'user', status: 'active' }),
    ]);
    const byId = await (await admin.get(`/api/v1/admin/users?q=${userId.slice(0, 8).toUpperCase()}`)).json();
    expect(byId.items.map((u: { userId: string }) => u.userId)).toEqual([userId]);
    expect((await (await admin.get('/api/v1/admin/users?q=nobody-like-this')).json()).items).toEqual([]);
    // A wildcard in the search is a character, not a pattern.
    expect((await (await admin.get('/api/v1/admin/users?q=%25')).json()).items).toEqual([]);
    const unconfirmed = server.client();
    await unconfirmed.post('/api/auth/sign-up/email', { email: 'later@example.com', password: PASSWORD });
    const list = await (await admin.get('/api/v1/admin/users?status=unconfirmed')).json();
    expect(list.items.map((u: { displayName: string }) => u.displayName)).toEqual(['later']);
  });

  it('shows a user’s counts and sign-ins, never their health values', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'counted@example.com');
    const entry = await client.post('/api/v1/entries', {
      tracker: 'weight',
      occurredAt: new Date().toISOString(),
      data: { weight: 81.4, weightUnit: 'kg' },
    });
    expect(entry.status).toBe(201);
    const res = await admin.get(`/api/v1/admin/users/${userId}`);
    expect(res.status).toBe(200);
    const detail = await res.json();
    expect(detail).toMatchObject({
      userId,
      email: 'counted@example.com',
      status: 'active',
      role: 'user',
      signIns: { count: 1 },
      activeSessions: 1,
      entryCounts: [{ tracker: 'weight', count: 1 }],
    });
    expect(JSON.stringify(detail)).not.toContain('81.4');
    expect((await admin.get('/api/v1/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('disabling a user ends their sessions at once and refuses their sign-in; enabling lets them back', async () => {
    const email = 'leaving@example.com';
    const { client, userId } = await signUpAndSignIn(server, email);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    const res = await admin.put(`/api/v1/admin/users/${userId}/status`, { status: 'disabled' });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('disabled');
    // Answered from the session cache a moment ago: the revocation reaches it before the admin's answer.
    expect((await client.get('/api/v1/profile')).status).toBe(401);
    const again = await server.client().post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(again.status).toBe(403);
    expect((await again.json()).detail).toBe('This account has been disabled. Contact the administrator.');
    expect((await admin.put(`/api/v1/admin/users/${userId}/status`, { status: 'active' })).status).toBe(200);
    const back = server.client();
    expect((await back.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await back.get('/api/v1/profile')).status).toBe(200);
    expect((await auditRows(server, 'disable_user')).map((r) => [r.user_id, r.resource_id])).toEqual([
      [adminId, userId],
    ]);
    expect((await auditRows(server, 'enable_user')).map((r) => r.resource_id)).toEqual([userId]);
    expect((await admin.put(`/api/v1/admin/users/${userId}/status`, { status: 'gone' })).status).toBe(400);
  });

  it('the last admin cannot be demoted or disabled; with a second admin they can step down', async () => {
    const demote = await admin.put(`/api/v1/admin/users/${adminId}/role`, { role: 'user' });
    expect(demote.status).toBe(409);
    expect((await demote.json()).detail).toBe('This is the only admin: make someone else an admin first.');
    expect((await admin.put(`/api/v1/admin/users/${adminId}/status`, { status: 'disabled' })).status).toBe(
      409,
    );
    expect(await (await admin.get('/api/v1/me/roles')).json()).toMatchObject({ isAdmin: true });

    const { userId: second } = await signUpAndSignIn(server, 'deputy@example.com');
    expect((await admin.put(`/api/v1/admin/users/${second}/role`, { role: 'admin' })).status).toBe(200);
    // Disabled admins do not count: the deputy disabled leaves the chief the only one again.
    expect((await admin.put(`/api/v1/admin/users/${second}/status`, { status: 'disabled' })).status).toBe(
      200,
    );
    expect((await admin.put(`/api/v1/admin/users/${adminId}/role`, { role: 'user' })).status).toBe(409);
    expect((await admin.put(`/api/v1/admin/users/${second}/status`, { status: 'active' })).status).toBe(200);
    expect((await admin.put(`/api/v1/admin/users/${adminId}/role`, { role: 'moderator' })).status).toBe(200);
    expect(await (await admin.get('/api/v1/me/roles')).json()).toMatchObject({
      isAdmin: false,
      isModerator: true,
    });
    expect((await auditRows(server, 'assign_role')).at(-1)).toMatchObject({
      user_id: adminId,
      resource_id: adminId,
      details: { role: 'moderator', previous: 'admin' },
    });
  });
});
