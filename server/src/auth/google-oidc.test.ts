import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createTestServer, signUpAndSignIn, type TestServer } from '../../test/harness';
import { authorizeAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { account as accounts, auditLogs, user } from '../db/schema';

const GOOGLE_USER = { sub: 'google-sub-ada', email: 'ada.google@example.com', name: 'Ada Lovelace' };
// The provider has not verified these addresses: anyone could have typed them.
const UNVERIFIED = {
  sub: 'google-sub-eve',
  email: 'eve.claims@example.com',
  name: 'Eve',
  emailVerified: false,
};
const VICTIM_CLAIM = {
  sub: 'google-sub-mal',
  email: 'victim@example.com',
  name: 'Mal',
  emailVerified: false,
};

describe('Continue with Google, against a local OpenID provider', () => {
  let oidc: TestOidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    oidc = await startOidcProvider(`${APP_URL}/api/auth/oauth2/callback/google`, [
      GOOGLE_USER,
      UNVERIFIED,
      VICTIM_CLAIM,
    ]);
    server = await createTestServer({
      google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, discoveryUrl: oidc.discoveryUrl },
    });
  });
  afterAll(async () => {
    await server?.close();
    await oidc?.close();
  });

  it('reports Google sign-in as available', async () => {
    const res = await server.client().get('/api/v1/auth/providers');
    expect(await res.json()).toMatchObject({ google: true });
  });

  it('signs the user in, lands on the callback URL, creates their profile and audits the sign-in', async () => {
    const client = server.client();
    const start = await client.post('/api/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: '/dashboard',
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(new URL(url).origin).toBe(oidc.issuer);

    const callback = await authorizeAtProvider(url, GOOGLE_USER.sub);
    expect(callback.origin + callback.pathname).toBe(`${APP_URL}/api/auth/oauth2/callback/google`);
    expect(client.cookies.size).toBe(1); // only the OAuth state cookie, no session yet

    const done = await client.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location')!, APP_URL).pathname).toBe('/dashboard');

    const profile = await client.get('/api/v1/profile');
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ displayName: GOOGLE_USER.name });

    const [account] = await server.deps.db.owner
      .select({ id: user.id, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, GOOGLE_USER.email));
    expect(account?.emailVerified).toBe(true);
    const signIns = await server.deps.db.asSystem((tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, account!.id), eq(auditLogs.action, 'sign_in'))),
    );
    expect(signIns).toHaveLength(1);
  });

  /** Runs the whole round trip for `sub` and returns the app's final answer to the callback. */
  const roundTrip = async (client: ReturnType<TestServer['client']>, sub: string) => {
    const start = await client.post('/api/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: '/dashboard',
    });
    const callback = await authorizeAtProvider(((await start.json()) as { url: string }).url, sub);
    return client.get(callback.pathname + callback.search);
  };

  it('keeps Google’s access token encrypted at rest and no ID token at all', async () => {
    const [row] = await server.deps.db.owner
      .select({ idToken: accounts.idToken, accessToken: accounts.accessToken })
      .from(accounts)
      .innerJoin(user, eq(user.id, accounts.userId))
      .where(eq(user.email, GOOGLE_USER.email));
    expect(row?.accessToken).toBeTruthy();
    expect(row!.idToken).toBeNull();
    // What is stored is ciphertext under the server's secret, not the token the provider issued.
    const plain = await symmetricDecrypt({ key: server.deps.config.sessionSecret, data: row!.accessToken! });
    expect(plain.length).toBeGreaterThan(10);
    expect(row!.accessToken).not.toContain(plain);
  });

  it('refuses a sign-in whose address the provider has not verified, creating no account', async () => {
    const client = server.client();
    const done = await roundTrip(client, UNVERIFIED.sub);
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location')!, APP_URL).pathname).not.toBe('/dashboard');
    expect((await client.get('/api/v1/profile')).status).toBe(401);
    const rows = await server.deps.db.owner.select().from(user).where(eq(user.email, UNVERIFIED.email));
    expect(rows).toHaveLength(0);
  });

  it('does not let an unverified claim to an existing address into that account', async () => {
    await signUpAndSignIn(server, VICTIM_CLAIM.email);
    const attacker = server.client();
    const done = await roundTrip(attacker, VICTIM_CLAIM.sub);
    expect(new URL(done.headers.get('location')!, APP_URL).pathname).not.toBe('/dashboard');
    expect((await attacker.get('/api/v1/profile')).status).toBe(401);
    const linked = await server.deps.db.owner
      .select({ provider: accounts.providerId })
      .from(accounts)
      .innerJoin(user, eq(user.id, accounts.userId))
      .where(eq(user.email, VICTIM_CLAIM.email));
    expect(linked.map((l) => l.provider)).toEqual(['credential']);
  });

  it('refuses a callback whose state the browser never started (forged or replayed)', async () => {
    const attacker = server.client();
    const start = await attacker.post('/api/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: '/dashboard',
    });
    const callback = await authorizeAtProvider(
      ((await start.json()) as { url: string }).url,
      GOOGLE_USER.sub,
    );
    const victim = server.client();
    const res = await victim.get(callback.pathname + callback.search);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!, APP_URL).pathname).not.toBe('/dashboard');
    expect((await victim.get('/api/v1/profile')).status).toBe(401);
  });
});

describe('Continue with Google when it is not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ google: undefined });
  });
  afterAll(() => server?.close());

  it('reports Google sign-in as unavailable so the web can say so', async () => {
    const res = await server.client().get('/api/v1/auth/providers');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ google: false });
  });

  it('answers a sign-in attempt with a client-error problem, not a server error', async () => {
    const res = await server
      .client()
      .post('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL: '/dashboard' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: res.status });
  });
});
