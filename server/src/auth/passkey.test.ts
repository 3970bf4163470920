import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { SoftAuthenticator } from '../../test/soft-authenticator';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ authThrottle: { perAccount: 5, perIp: 1000, windowSeconds: 60 } });
});
afterAll(() => server.close());

const auditRows = async (userId: string) => {
  const rows = await server.deps.db.asSystem((tx) =>
    tx.execute<{ action: string; resource_id: string | null }>(
      sql`select action, resource_id from audit_logs where user_id = ${userId} order by created_at, id`,
    ),
  );
  return rows.rows;
};

/** The browser's registration sequence: options (challenge cookie set), then the signed response. */
const addPasskey = async (client: TestClient, authenticator: SoftAuthenticator, password?: string) => {
  const opts = await client.get('/api/auth/passkey/generate-register-options');
  expect(opts.status).toBe(200);
  const options = await opts.json();
  return client.post('/api/auth/passkey/verify-registration', {
    response: authenticator.register(options),
    name: 'Work laptop',
    ...(password === undefined ? {} : { password }),
  });
};

/** The sign-in sequence from a browser with no session. */
const signInOptions = async (client: TestClient) => {
  const res = await client.get('/api/auth/passkey/generate-authenticate-options');
  expect(res.status).toBe(200);
  return (await res.json()) as { challenge: string; rpId: string; allowCredentials?: unknown[] };
};
const verifySignIn = (client: TestClient, response: unknown) =>
  client.post('/api/auth/passkey/verify-authentication', { response });

const userWithPasskey = async (email: string) => {
  const { client, userId } = await signUpAndSignIn(server, email);
  const authenticator = new SoftAuthenticator();
  expect((await addPasskey(client, authenticator, PASSWORD)).status).toBe(200);
  return { client, userId, authenticator };
};

describe('passkeys', () => {
  it('are added with the password, listed, and then sign in a fresh browser on their own', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'passkey@example.com');
    const authenticator = new SoftAuthenticator();

    const opts = await client.get('/api/auth/passkey/generate-register-options');
    expect(opts.status).toBe(200);
    const options = await opts.json();
    // The relying party is this app's host: the browser binds the credential to it.
    expect(options.rp).toMatchObject({ id: 'localhost', name: 'Healthfolio' });
    const response = authenticator.register(options);
    const verify = (body: Record<string, unknown>) =>
      client.post('/api/auth/passkey/verify-registration', { response, name: 'Work laptop', ...body });
    // Someone at an unlocked, signed-in browser cannot add their own key without the password.
    for (const body of [{}, { password: 'Not-The-Password-1' }]) {
      const refused = await verify(body);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(await (await client.get('/api/auth/passkey/list-user-passkeys')).json()).toEqual([]);

    const added = await verify({ password: PASSWORD });
    expect(added.status).toBe(200);
    const passkey = await added.json();
    expect(passkey).toMatchObject({ name: 'Work laptop', credentialID: authenticator.id });
    const listed = await (await client.get('/api/auth/passkey/list-user-passkeys')).json();
    expect(listed).toEqual([expect.objectContaining({ id: passkey.id, name: 'Work laptop' })]);
    expect(await (await client.get('/api/v1/me/second-factor')).json()).toMatchObject({ passkeys: 1 });

    // A different browser, no session, no password: the passkey alone signs in.
    const fresh = server.client();
    expect((await fresh.get('/api/v1/profile')).status).toBe(401);
    const signInOpts = await signInOptions(fresh);
    expect(signInOpts.rpId).toBe('localhost');
    const signedIn = await verifySignIn(fresh, authenticator.assert(signInOpts));
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user.id).toBe(userId);
    expect((await fresh.get('/api/v1/profile')).status).toBe(200);

    const audit = await auditRows(userId);
    expect(audit).toContainEqual({ action: 'passkey_added', resource_id: passkey.id });
    expect(audit.map((r) => r.action)).toEqual(['sign_up', 'sign_in', 'passkey_added', 'sign_in']);
  });

  it('refuses an assertion from another key, a replay, a stale counter, a wrong challenge or no user verification', async () => {
    const { authenticator } = await userWithPasskey('replay@example.com');
    const refused = async (client: TestClient, response: unknown, code: string) => {
      const res = await verifySignIn(client, response);
      expect([400, 401]).toContain(res.status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((await res.json()).code).toBe(code);
      expect((await client.get('/api/v1/profile')).status).toBe(401);
    };

    // Same credential id, signed by a key that is not the registered one.
    const impostor = new SoftAuthenticator({ credentialId: authenticator.credentialId });
    const forger = server.client();
    await refused(forger, impostor.assert(await signInOptions(forger)), 'authentication_failed');

    // An eavesdropper holding the whole request (body and challenge cookie) after it was used.
    const victim = server.client();
    const genuine = authenticator.assert(await signInOptions(victim));
    const eavesdropper = server.client();
    eavesdropper.cookies = new Map(victim.cookies);
    expect((await verifySignIn(victim, genuine)).status).toBe(200);
    await refused(eavesdropper, genuine, 'challenge_not_found');

    // A fresh challenge, but the counter did not move on: a cloned authenticator.
    const clone = server.client();
    await refused(
      clone,
      authenticator.assert(await signInOptions(clone), { signCount: authenticator.signCount }),
      'authentication_failed',
    );

    // Signed over a challenge other than the one this browser was given.
    const stale = server.client();
    const otherChallenge = (await signInOptions(server.client())).challenge;
    await signInOptions(stale);
    await refused(stale, authenticator.assert({ challenge: otherChallenge }), 'authentication_failed');

    // The right key, but it did not verify the person: not enough to replace password and code.
    const presenceOnly = server.client();
    await refused(
      presenceOnly,
      authenticator.assert(await signInOptions(presenceOnly), { userVerified: false }),
      'passkey_user_not_verified',
    );

    // None of that spoiled the real one.
    const owner = server.client();
    expect((await verifySignIn(owner, authenticator.assert(await signInOptions(owner)))).status).toBe(200);
    expect((await owner.get('/api/v1/profile')).status).toBe(200);
  });

  it('is removed only with the password, and then signs in no more', async () => {
    const { client, userId, authenticator } = await userWithPasskey('remove@example.com');
    const [passkey] = await (await client.get('/api/auth/passkey/list-user-passkeys')).json();
    const wrong = await client.post('/api/auth/passkey/delete-passkey', {
      id: passkey.id,
      password: 'Nope-Nope-123',
    });
    expect(wrong.status).toBe(400);
    expect(await (await client.get('/api/auth/passkey/list-user-passkeys')).json()).toHaveLength(1);

    const removed = await client.post('/api/auth/passkey/delete-passkey', {
      id: passkey.id,
      password: PASSWORD,
    });
    expect(removed.status).toBe(200);
    expect(await (await client.get('/api/auth/passkey/list-user-passkeys')).json()).toEqual([]);

    const fresh = server.client();
    const res = await verifySignIn(fresh, authenticator.assert(await signInOptions(fresh)));
    expect(res.status).toBe(401);
    expect((await fresh.get('/api/v1/profile')).status).toBe(401);
    expect(await auditRows(userId)).toContainEqual({ action: 'passkey_removed', resource_id: passkey.id });
  });
});
