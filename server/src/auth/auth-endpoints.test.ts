import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  signUpAndSignIn,
  type TestServer,
} from '../../test/harness';
import { AUTH_PLUGIN_PREFIXES, isUsedAuthEndpoint } from './auth-paths';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const ageSessions = (email: string, hours: number) =>
  server.deps.db.owner.execute(
    sql`update auth.session set created_at = now() - make_interval(hours => ${hours}) where user_id = (select id from auth.user where email = ${email})`,
  );

describe('better-auth endpoints the app does not use', () => {
  it('answers 404 to verify-password, so a stolen session is no password oracle', async () => {
    const { client } = await signUpAndSignIn(server, 'oracle@example.com');
    for (const password of [PASSWORD, 'Wrong-Password-1']) {
      const res = await client.post('/api/auth/verify-password', { password });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await client.get('/api/v1/profile')).status).toBe(200);
  });

  it('refuses every better-auth endpoint outside the ones the web, the mailed links and Google use', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'unused@example.com');
    const endpoints = Object.values(
      server.deps.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((e) => e.path && !AUTH_PLUGIN_PREFIXES.some((p) => e.path!.startsWith(p)))
      .flatMap((e) =>
        [e.options?.method ?? 'GET'].flat().map((m) => ({ method: m, path: e.path!.replace(/:\w+/g, 'x') })),
      )
      .filter((e) => !isUsedAuthEndpoint(e.method, e.path));
    // The dangerous ones are among them, and none gets through.
    expect(endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/verify-password',
        '/update-user',
        '/delete-user',
        '/list-sessions',
        '/sign-in/social',
      ]),
    );
    for (const { method, path } of endpoints) {
      const res = await client.request(method, `/api/auth${path}`, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const name = await server.deps.db.owner.execute<{ name: string }>(
      sql`select name from auth.user where id = ${userId}`,
    );
    expect(name.rows).toHaveLength(1);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
  });
});

describe('changing the password with a wrong current password', () => {
  it('names the Current password field in words, not the auth library’s "Invalid password"', async () => {
    const { client } = await signUpAndSignIn(server, 'wrong-current@example.com');
    const change = await client.post('/api/auth/change-password', {
      currentPassword: 'Not-The-Password-77',
      newPassword: 'Another-Fine-Pass-31',
    });
    expect(change.status).toBe(400);
    expect(await change.json()).toMatchObject({
      detail: 'Your current password is not right.',
      errors: [{ path: 'currentPassword', message: 'Your current password is not right.' }],
    });
  });
});

describe('the absolute session limit on every auth endpoint', () => {
  it('refuses a password change, other-session revocation and session read on a session past the limit', async () => {
    const email = 'old-session@example.com';
    const { client } = await signUpAndSignIn(server, email);
    await ageSessions(email, 13);
    const change = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Fine-Pass-31',
    });
    expect(change.status).toBe(401);
    expect((await client.post('/api/auth/revoke-other-sessions')).status).toBe(401);
    expect(await (await client.get('/api/auth/get-session')).json()).toBeNull();
    // The password is unchanged and the old session is gone from the server.
    const fresh = server.client();
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const { rows } = await server.deps.db.owner.execute(
      sql`select 1 from auth.session s join auth.user u on u.id = s.user_id where u.email = ${email} and s.created_at < now() - interval '12 hours'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('still serves the same endpoints on a session within the limit', async () => {
    const email = 'young-session@example.com';
    const { client } = await signUpAndSignIn(server, email);
    await ageSessions(email, 11);
    const session = await (await client.get('/api/auth/get-session')).json();
    expect(session.user.email).toBe(email);
    const change = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Fine-Pass-31',
    });
    expect(change.status).toBe(200);
  });
});

describe('reset tokens at rest', () => {
  it('stores only a hash of the reset token, and the mailed link still works', async () => {
    const email = 'hashed-reset@example.com';
    await signUpAndSignIn(server, email);
    const anon = server.client();
    await anon.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    const link = new URL(await latestMailLink(server.deps.db, email));
    const token = link.pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThan(10);
    const { rows } = await server.deps.db.owner.execute<{ identifier: string; value: string }>(
      sql`select identifier, value from auth.verification`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(`${row.identifier} ${row.value}`).not.toContain(token);

    const landing = await anon.get(link.pathname + link.search);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(target.searchParams.get('token')).toBe(token);
    const newPassword = 'Hashed-Token-Works-8';
    expect((await anon.post('/api/auth/reset-password', { newPassword, token })).status).toBe(200);
    expect((await anon.post('/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
  });
});

describe('the general per-client budget', () => {
  it('throttles any auth request, session reads included, once a client has used its budget', async () => {
    const strict = await createTestServer({ authThrottle: { perAccount: 100, perIp: 1, windowSeconds: 60 } });
    try {
      const c = strict.client();
      // perIp × 20 requests of any kind per window.
      for (let i = 0; i < 20; i++) expect((await c.get('/api/auth/get-session')).status).toBe(200);
      const res = await c.get('/api/auth/get-session');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('password changes behind a session', () => {
  it('throttles wrong current passwords per signed-in user, so a stolen session cannot guess on', async () => {
    const email = 'stolen-session@example.com';
    const { client } = await signUpAndSignIn(server, email);
    const guess = (currentPassword: string) =>
      client.post('/api/auth/change-password', { currentPassword, newPassword: 'Another-Fine-Pass-31' });
    // AUTH_THROTTLE_PER_ACCOUNT (5) guesses, then the right password is refused too.
    for (let i = 0; i < 5; i++) expect((await guess(`Wrong-Guess-${i}-x`)).status).toBe(400);
    const blocked = await guess(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const fresh = server.client();
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
});
