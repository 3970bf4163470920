import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  signUpAndSignIn,
  type TestServer,
} from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

describe('household people', () => {
  it('adds a person who shows in the household with their guardian, and the rules of input', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'hh-parent@example.com');
    const created = await client.post('/api/v1/household/people', {
      displayName: '  Mia Jones ',
      dateOfBirth: '2017-05-04',
      platformMode: 'diabetes_focused',
      glucoseUnit: 'mmol/L',
    });
    expect(created.status).toBe(201);
    const mia = await created.json();
    expect(mia).toMatchObject({
      displayName: 'Mia Jones',
      initials: 'MJ',
      dateOfBirth: '2017-05-04',
      relation: 'ward',
      platformMode: 'diabetes_focused',
      glucoseUnit: 'mmol/L',
      muted: false,
      guardians: [{ accountId: userId, email: 'hh-parent@example.com', you: true }],
      pendingInvitations: [],
    });
    const household = await (await client.get('/api/v1/household')).json();
    expect(household.account.id).toBe(userId);
    expect(
      household.people.map((p: { relation: string; displayName: string }) => [p.relation, p.displayName]),
    ).toEqual([
      ['self', 'hh-parent'],
      ['ward', 'Mia Jones'],
    ]);
    expect(household.people[0]).toMatchObject({ guardians: [], pendingInvitations: [], muted: false });

    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    for (const body of [
      { displayName: '   ' },
      { displayName: 'x'.repeat(81) },
      { displayName: 'Leo', dateOfBirth: nextYear },
    ]) {
      const res = await client.post('/api/v1/household/people', body);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('validation_failed');
    }
    const renamed = await client.patch(`/api/v1/household/people/${mia.id}`, { displayName: 'Mia J.' });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).initials).toBe('MJ');
    // The person's own profile answers in their scope.
    const profile = await (await actingFor(client, mia.id).get('/api/v1/profile')).json();
    expect(profile).toMatchObject({ userId: mia.id, displayName: 'Mia J.', userType: 'diabetes_focused' });
  });

  it('keeps at most ten dependents per guardian', async () => {
    const { client } = await signUpAndSignIn(server, 'hh-many@example.com');
    for (let i = 0; i < 10; i++) await addPerson(client, `Child ${i + 1}`);
    const res = await client.post('/api/v1/household/people', { displayName: 'Eleven' });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('too_many_dependents');
    expect((await (await client.get('/api/v1/household')).json()).people).toHaveLength(11);
  });

  it('a dependent cannot sign in, and deleting one needs the password and removes their data', async () => {
    const { client } = await signUpAndSignIn(server, 'hh-delete@example.com');
    const id = await addPerson(client, 'Leo');
    const leo = actingFor(client, id);
    expect(
      (
        await leo.post('/api/v1/entries', {
          tracker: 'blood-glucose',
          occurredAt: new Date(Date.now() - 600_000).toISOString(),
          data: { glucose: 110, timing: 'fasting' },
        })
      ).status,
    ).toBe(201);
    const { email } = (
      await server.deps.db.owner.execute<{ email: string }>(sql`select email from auth.user where id = ${id}`)
    ).rows[0]!;
    expect(email.endsWith('.invalid')).toBe(true);
    const signIn = await server.client().post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBeGreaterThanOrEqual(400);

    const wrong = await client.request('DELETE', `/api/v1/household/people/${id}`, {
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe('password_incorrect');
    const gone = await client.request('DELETE', `/api/v1/household/people/${id}`, { password: PASSWORD });
    expect(gone.status).toBe(204);
    const left = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from glucose_readings where user_id = ${id}`),
    );
    expect(left.rows[0]!.n).toBe(0);
    expect((await leo.get('/api/v1/profile')).status).toBe(404);
  });
});

describe('guardians and invitations', () => {
  it('a second guardian accepts with the invited address only; the last guardian stays', async () => {
    const parent = await signUpAndSignIn(server, 'hh-mum@example.com');
    const id = await addPerson(parent.client, 'Mia');
    const sent = await parent.client.post(`/api/v1/household/people/${id}/invitations`, {
      email: 'HH-Dad@example.com',
      kind: 'guardian',
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ email: 'hh-dad@example.com', kind: 'guardian' });
    const link = await latestMailLink(server.deps.db, 'hh-dad@example.com');
    expect(link).toMatch(/\/household\/invitations\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);

    const anonymous = await server.client().get(`/api/v1/household/invitations/${token}`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({
      kind: 'guardian',
      personDisplayName: 'Mia',
      invitedBy: 'hh-mum',
      email: 'hh-dad@example.com',
      accountExists: false,
    });

    const stranger = await signUpAndSignIn(server, 'hh-stranger@example.com');
    const refused = await stranger.client.post(`/api/v1/household/invitations/${token}/accept`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('invitation_wrong_account');

    const dad = await signUpAndSignIn(server, 'hh-dad@example.com');
    const accepted = await dad.client.post(`/api/v1/household/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ personId: id });
    // Used: the link answers like any unknown one.
    const again = await dad.client.post(`/api/v1/household/invitations/${token}/accept`);
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('invitation_invalid');

    const seen = (await (await dad.client.get('/api/v1/household')).json()).people[1];
    expect(seen.guardians.map((g: { email: string }) => g.email)).toEqual([
      'hh-mum@example.com',
      'hh-dad@example.com',
    ]);

    // Mum removes Dad; then Mum cannot leave Mia alone.
    expect(
      (await parent.client.delete(`/api/v1/household/people/${id}/guardians/${dad.userId}`)).status,
    ).toBe(204);
    const last = await parent.client.delete(`/api/v1/household/people/${id}/guardians/${parent.userId}`);
    expect(last.status).toBe(409);
    expect((await last.json()).code).toBe('last_guardian');
    expect((await dad.client.get('/api/v1/household')).status).toBe(200);
    expect((await actingFor(dad.client, id).get('/api/v1/profile')).status).toBe(404);
  });

  it('an expired or unknown invitation is not valid', async () => {
    const parent = await signUpAndSignIn(server, 'hh-expire@example.com');
    const id = await addPerson(parent.client, 'Ada');
    await parent.client.post(`/api/v1/household/people/${id}/invitations`, {
      email: 'hh-late@example.com',
      kind: 'guardian',
    });
    const token = tokenOf(await latestMailLink(server.deps.db, 'hh-late@example.com'));
    await server.deps.db.asSystem((tx) =>
      tx.execute(
        sql`update household_invitations set expires_at = now() - interval '1 minute' where person_id = ${id}`,
      ),
    );
    for (const t of [token, 'x'.repeat(43), 'short']) {
      const res = await server.client().get(`/api/v1/household/invitations/${t}`);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('invitation_invalid');
    }
  });

  it('handover without an account: the person chooses a password, signs in and sees their history', async () => {
    const parent = await signUpAndSignIn(server, 'hh-handover@example.com');
    const id = await addPerson(parent.client, 'Sam');
    const sam = actingFor(parent.client, id);
    const at = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (
        await sam.post('/api/v1/entries', {
          tracker: 'blood-glucose',
          occurredAt: at,
          data: { glucose: 123, timing: 'fasting' },
        })
      ).status,
    ).toBe(201);
    await parent.client.post(`/api/v1/household/people/${id}/invitations`, {
      email: 'hh-sam@example.com',
      kind: 'handover',
    });
    const token = tokenOf(await latestMailLink(server.deps.db, 'hh-sam@example.com'));
    const visitor = server.client();
    expect(await (await visitor.get(`/api/v1/household/invitations/${token}`)).json()).toMatchObject({
      kind: 'handover',
      accountExists: false,
    });
    const weak = await visitor.post(`/api/v1/household/invitations/${token}/claim`, {
      password: 'password123',
    });
    expect(weak.status).toBe(400);
    const claimed = await visitor.post(`/api/v1/household/invitations/${token}/claim`, {
      password: PASSWORD,
    });
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toEqual({ personId: id });
    const readings = await (await visitor.get('/api/v1/glucose/readings')).json();
    expect(readings.items.map((r: { valueMgdl: number }) => r.valueMgdl)).toEqual([123]);
    // Sam signs in with the address from now on; the former guardian no longer reaches the record.
    const again = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'hh-sam@example.com', password: PASSWORD });
    expect(again.status).toBe(200);
    expect((await sam.get('/api/v1/glucose/readings')).status).toBe(404);
    const own = await (await visitor.get('/api/v1/household')).json();
    expect(own.people.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(own.formerGuardians).toEqual([
      { accountId: parent.userId, displayName: 'hh-handover', email: 'hh-handover@example.com' },
    ]);
  });

  it('handover to an address with an account links it: that account keeps the record apart', async () => {
    const parent = await signUpAndSignIn(server, 'hh-link-parent@example.com');
    const id = await addPerson(parent.client, 'Noa');
    const noa = await signUpAndSignIn(server, 'hh-noa@example.com');
    await parent.client.post(`/api/v1/household/people/${id}/invitations`, {
      email: 'hh-noa@example.com',
      kind: 'handover',
    });
    const token = tokenOf(await latestMailLink(server.deps.db, 'hh-noa@example.com'));
    expect(
      (await (await noa.client.get(`/api/v1/household/invitations/${token}`)).json()).accountExists,
    ).toBe(true);
    expect(
      (await server.client().post(`/api/v1/household/invitations/${token}/claim`, { password: PASSWORD }))
        .status,
    ).toBe(409);
    expect((await noa.client.post(`/api/v1/household/invitations/${token}/accept`)).status).toBe(200);
    const people = (await (await noa.client.get('/api/v1/household')).json()).people;
    expect(people.map((p: { id: string; relation: string }) => [p.id, p.relation])).toEqual([
      [noa.userId, 'self'],
      [id, 'ward'],
    ]);
    expect((await actingFor(parent.client, id).get('/api/v1/profile')).status).toBe(404);
  });
});
