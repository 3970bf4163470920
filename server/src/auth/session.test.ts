import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  signUpAndSignIn,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ authThrottle: { perAccount: 3, perIp: 1000, windowSeconds: 2 } });
});
afterAll(() => server.close());

const sessionCookie = (jar: Map<string, string>) => [...jar].find(([k]) => k.endsWith('session_token'))?.[1];

const auditActions = async (userId: string) => {
  const rows = await server.deps.db.asSystem((tx) =>
    tx.execute<{ action: string; ip_address: string | null }>(
      sql`select action, ip_address from audit_logs where user_id = ${userId} order by created_at`,
    ),
  );
  return rows.rows;
};

describe('sessions', () => {
  it('issues an HttpOnly, SameSite=Lax cookie and a new session id at every sign-in', async () => {
    const { client } = await signUpAndSignIn(server, 'rotate@example.com');
    const first = sessionCookie(client.cookies);
    const res = await client.post('/api/auth/sign-in/email', {
      email: 'rotate@example.com',
      password: PASSWORD,
    });
    const header = res.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);
    expect(sessionCookie(client.cookies)).toBeTruthy();
    expect(sessionCookie(client.cookies)).not.toBe(first);
  });

  it('revokes the session on the server at sign-out: the old cookie stops working', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'signout@example.com');
    const stolen = server.client();
    stolen.cookies = new Map(client.cookies);
    expect((await stolen.get('/api/v1/profile')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await stolen.get('/api/v1/profile')).status).toBe(401);
    expect((await auditActions(userId)).map((r) => r.action)).toEqual(['sign_up', 'sign_in', 'sign_out']);
  });

  it('ends a session past the absolute limit even while it is in use', async () => {
    const { client } = await signUpAndSignIn(server, 'absolute@example.com');
    await server.deps.db.owner.execute(
      sql`update auth.session set created_at = now() - interval '13 hours' where user_id = (select id from auth.user where email = 'absolute@example.com')`,
    );
    expect((await client.get('/api/v1/profile')).status).toBe(401);
    const session = await (await client.get('/api/auth/get-session')).json();
    expect(session).toBeNull();
  });

  it('ends a session left unused past the idle timeout, and refuses a tampered cookie', async () => {
    const { client } = await signUpAndSignIn(server, 'idle@example.com');
    const forged = server.client();
    const [name, value] = [...client.cookies].find(([k]) => k.endsWith('session_token'))!;
    // One character in the middle of the signature: the last one before the padding also carries
    // padding bits, and changing only those would decode to the same signature (1 run in 16).
    const at = value.lastIndexOf('.') + 10;
    forged.cookies.set(name, `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`);
    expect((await forged.get('/api/v1/profile')).status).toBe(401);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    // 31 minutes pass on the server's clock without a request (the idle timeout is 30): the session
    // just answered from memory ends all the same, and is deleted.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
    try {
      expect((await client.get('/api/v1/profile')).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await client.get('/api/v1/profile')).status).toBe(401);
    const { rows } = await server.deps.db.owner.execute(
      sql`select 1 from auth.session where user_id = (select id from auth.user where email = 'idle@example.com')`,
    );
    expect(rows).toHaveLength(0);
  });

  it('ends a session whose expiry was moved into the past in the database', async () => {
    const { client } = await signUpAndSignIn(server, 'idle-db@example.com');
    await server.deps.db.owner.execute(
      sql`update auth.session set expires_at = now() - interval '1 minute' where user_id = (select id from auth.user where email = 'idle-db@example.com')`,
    );
    expect((await client.get('/api/v1/profile')).status).toBe(401);
  });

  it('slides the idle expiry forward while the session is in use', async () => {
    const { client } = await signUpAndSignIn(server, 'sliding@example.com');
    await server.deps.db.owner.execute(
      sql`update auth.session set expires_at = now() + interval '10 minutes' where user_id = (select id from auth.user where email = 'sliding@example.com')`,
    );
    const res = await client.get('/api/v1/profile');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.includes('session_token'))).toMatch(/Max-Age=1800/);
    const { rows } = await server.deps.db.owner.execute<{ minutes: number }>(
      sql`select extract(epoch from expires_at - now()) / 60 as minutes from auth.session where user_id = (select id from auth.user where email = 'sliding@example.com')`,
    );
    expect(Number(rows[0]!.minutes)).toBeGreaterThan(29);
  });

  it('signs out of all other sessions', async () => {
    const { client } = await signUpAndSignIn(server, 'others@example.com');
    const laptop = server.client();
    await laptop.post('/api/auth/sign-in/email', { email: 'others@example.com', password: PASSWORD });
    expect((await laptop.get('/api/v1/profile')).status).toBe(200);
    expect((await client.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await laptop.get('/api/v1/profile')).status).toBe(401);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After per account before checking the password, and lets the user in after the window', async () => {
    const email = 'throttle@example.com';
    await signUpAndSignIn(server, email);
    const attacker = server.client();
    for (let i = 0; i < 3; i++) {
      expect(
        (await attacker.post('/api/auth/sign-in/email', { email, password: 'Wrong-Password-1' })).status,
      ).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).code).toBe('rate_limited');

    await new Promise((r) => setTimeout(r, 2100));
    const user = server.client();
    expect((await user.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('throttles sign-up, resend and reset requests per IP too', async () => {
    const strict = await createTestServer({ authThrottle: { perAccount: 100, perIp: 2, windowSeconds: 60 } });
    try {
      const c = strict.client();
      for (const [path, body] of [
        ['/api/auth/sign-up/email', (i: number) => ({ email: `s${i}@example.com`, password: PASSWORD })],
        ['/api/auth/send-verification-email', (i: number) => ({ email: `v${i}@example.com` })],
        ['/api/auth/request-password-reset', (i: number) => ({ email: `r${i}@example.com` })],
      ] as const) {
        expect((await c.post(path, body(1))).status).toBe(200);
        expect((await c.post(path, body(2))).status).toBe(200);
        expect((await c.post(path, body(3))).status).toBe(429);
      }
    } finally {
      await strict.close();
    }
  });
});

describe('failed sign-in and password reset', () => {
  it('audits a failed sign-in with the server’s view of the client', async () => {
    const { userId } = await signUpAndSignIn(server, 'failed@example.com');
    const res = await server
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'failed@example.com', password: 'Not-The-Password-9' },
        { 'x-forwarded-for': '6.6.6.6', 'x-healthfolio-client-ip': '6.6.6.6' },
      );
    expect(res.status).toBe(401);
    const rows = await auditActions(userId);
    const failed = rows.find((r) => r.action === 'sign_in_failed');
    expect(failed).toBeTruthy();
    expect(failed!.ip_address).not.toBe('6.6.6.6');
  });

  it('resets a forgotten password by email, revoking existing sessions', async () => {
    const email = 'forgot@example.com';
    const { client, userId } = await signUpAndSignIn(server, email);
    const anon = server.client();
    expect(
      (await anon.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' }))
        .status,
    ).toBe(200);
    const link = new URL(await latestMailLink(server.deps.db, email));
    const landing = await anon.get(link.pathname + link.search);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;

    const weak = await anon.post('/api/auth/reset-password', { newPassword: 'password1', token });
    expect(weak.status).toBe(400);
    const newPassword = 'Brand-New-Pass-77';
    expect((await anon.post('/api/auth/reset-password', { newPassword, token })).status).toBe(200);

    expect((await client.get('/api/v1/profile')).status).toBe(401);
    expect((await anon.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect((await anon.post('/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
    expect((await auditActions(userId)).map((r) => r.action)).toContain('password_reset');
  });
});
