import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { enableTotp } from '../../../test/two-factor';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ adminEmails: ['boss@example.com'] });
});
afterAll(() => server.close());

describe('roles', () => {
  it('a new account is a plain user', async () => {
    const { client } = await signUpAndSignIn(server, 'plain@example.com');
    expect(await (await client.get('/api/v1/me/roles')).json()).toEqual({
      roles: ['user'],
      isAdmin: false,
      isModerator: false,
    });
  });

  it('an address in ADMIN_EMAILS becomes admin', async () => {
    const { client } = await signUpAndSignIn(server, 'Boss@Example.com');
    expect(await (await client.get('/api/v1/me/roles')).json()).toEqual({
      roles: ['admin'],
      isAdmin: true,
      isModerator: true,
    });
  });

  it('non-admins get 403 with the spec message and change nothing', async () => {
    const { client } = await signUpAndSignIn(server, 'sneaky@example.com');
    const { userId: victim } = await signUpAndSignIn(server, 'victim@example.com');
    for (const target of [victim, (await (await client.get('/api/v1/profile')).json()).userId]) {
      const res = await client.put(`/api/v1/admin/users/${target}/role`, { role: 'admin' });
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toBe('Unauthorized: Admin access required');
    }
    expect(await (await client.get('/api/v1/me/roles')).json()).toMatchObject({ isAdmin: false });
  });

  it('an admin assigns a role: the assigner is recorded and assign_role audited', async () => {
    const { client: admin, userId: adminId } = await signUpAndSignIn(server, 'boss2@example.com');
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`update user_roles set role = 'admin' where user_id = ${adminId}`),
    );
    // Admin routes need a second factor (two-factor.test.ts covers the refusal).
    await enableTotp(admin);
    const { client: helper, userId } = await signUpAndSignIn(server, 'helper@example.com');

    const res = await admin.put(`/api/v1/admin/users/${userId}/role`, { role: 'moderator' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId, role: 'moderator', assignedBy: adminId });
    expect(await (await helper.get('/api/v1/me/roles')).json()).toEqual({
      roles: ['moderator'],
      isAdmin: false,
      isModerator: true,
    });

    const audit = await server.deps.db.asSystem((tx) =>
      tx.execute<{ user_id: string; resource_type: string; resource_id: string; details: { role: string } }>(
        sql`select user_id, resource_type, resource_id, details from audit_logs where action = 'assign_role' and resource_id = ${userId}`,
      ),
    );
    expect(audit.rows).toEqual([
      {
        user_id: adminId,
        resource_type: 'user',
        resource_id: userId,
        details: { role: 'moderator', previous: 'user' },
      },
    ]);

    expect((await admin.put(`/api/v1/admin/users/${userId}/role`, { role: 'superuser' })).status).toBe(400);
    expect(
      (await admin.put('/api/v1/admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'user' }))
        .status,
    ).toBe(404);
    expect((await admin.put('/api/v1/admin/users/not-a-uuid/role', { role: 'user' })).status).toBe(400);
  });
});
