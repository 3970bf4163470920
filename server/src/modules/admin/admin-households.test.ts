import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { addPerson } from '../../../test/household';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('admin console: people and accounts', () => {
  it('counts accounts and people apart and lists households without health values', async () => {
    const admin = await signInAdmin(server, 'hh-admin@example.com');
    const mum = await signUpAndSignIn(server, 'hh-admin-mum@example.com');
    await mum.client.patch('/api/v1/profile', { displayName: 'Mum' });
    const mia = await addPerson(mum.client, 'Mia');
    const leo = await addPerson(mum.client, 'Leo');

    const dashboard = await (await admin.client.get('/api/v1/admin/dashboard')).json();
    expect(dashboard).toMatchObject({ totalUsers: 2, totalPeople: 4 });
    const users = await (await admin.client.get('/api/v1/admin/users?limit=50')).json();
    expect(users.items.map((u: { userId: string }) => u.userId).sort()).toEqual(
      [admin.userId, mum.userId].sort(),
    );
    expect((await admin.client.get(`/api/v1/admin/users/${mia}`)).status).toBe(404);

    const res = await admin.client.get('/api/v1/admin/households');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ accounts: 2, people: 4 });
    expect(body.items).toHaveLength(1);
    expect(body.items[0].guardians).toEqual([
      { accountId: mum.userId, displayName: 'Mum', email: 'hh-admin-mum@example.com' },
    ]);
    expect(
      body.items[0].people.map((p: { personId: string; displayName: string }) => [p.personId, p.displayName]),
    ).toEqual([
      [mia, 'Mia'],
      [leo, 'Leo'],
    ]);
    // Not for anyone else.
    expect((await mum.client.get('/api/v1/admin/households')).status).toBe(403);
  });
});
