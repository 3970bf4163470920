import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, PASSWORD, signUpAndSignIn, type TestServer } from '../../test/harness';
import { ipBucket, resolveClientIp } from '../http/client-ip';

describe('per-account back-off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ authThrottle: { perAccount: 1, perIp: 1000, windowSeconds: 1 } });
  });
  afterAll(() => server.close());

  /** A wrong guess, then the attempt that finds the account blocked: its Retry-After. */
  const guessUntilBlocked = async (email: string) => {
    const attacker = server.client();
    const res = await attacker.post('/api/auth/sign-in/email', { email, password: 'Wrong-Password-1' });
    expect(res.status).toBe(401);
    const blocked = await attacker.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    return Number(blocked.headers.get('retry-after'));
  };

  it('doubles the wait after each block, so guessing cannot go on at a steady rate', async () => {
    const email = 'backoff@example.com';
    await signUpAndSignIn(server, email);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const wait = await guessUntilBlocked(email);
      waits.push(wait);
      // Still blocked until the wait is over, even with the right password.
      const early = await server.client().post('/api/auth/sign-in/email', { email, password: PASSWORD });
      expect(early.status).toBe(429);
      await sleep(wait * 1000 + 150);
    }
    expect(waits).toEqual([1, 2, 4]);

    // The owner signing in clears the record: the next block is short again.
    expect(
      (await server.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(200);
    expect(await guessUntilBlocked(email)).toBe(1);
  });

  it('counts an account however its address is capitalised', async () => {
    const email = 'casing@example.com';
    await signUpAndSignIn(server, email);
    const attacker = server.client();
    const guess = { email: 'CASING@Example.com', password: 'Wrong-Password-1' };
    expect((await attacker.post('/api/auth/sign-in/email', guess)).status).toBe(401);
    expect((await attacker.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(429);
  });
});

describe('per-IP buckets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      trustProxy: 1,
      authThrottle: { perAccount: 100, perIp: 2, windowSeconds: 60 },
    });
  });
  afterAll(() => server.close());

  const reset = (from: string, i: number) =>
    server
      .client()
      .post(
        '/api/auth/request-password-reset',
        { email: `v6-${i}@example.com` },
        { 'x-forwarded-for': from },
      );

  it('counts a whole IPv6 /64 as one client, and other /64s and IPv4 clients separately', async () => {
    expect((await reset('2001:db8:1:2::1', 1)).status).toBe(200);
    expect((await reset('2001:db8:1:2:ffff:ffff:ffff:fffe', 2)).status).toBe(200);
    // A fresh address in the same /64 is the same subscriber: refused.
    const third = await reset('2001:db8:1:2:abcd::5', 3);
    expect(third.status).toBe(429);
    expect((await reset('2001:db8:1:3::1', 4)).status).toBe(200);
    expect((await reset('198.51.100.4', 5)).status).toBe(200);
    // An IPv4-mapped IPv6 address is that IPv4 client.
    expect((await reset('::ffff:198.51.100.4', 6)).status).toBe(200);
    expect((await reset('198.51.100.4', 7)).status).toBe(429);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the client from the entry that many hops from the right, ignoring what the client wrote', () => {
    const xff = '6.6.6.6, 203.0.113.7, 10.0.0.2';
    expect(resolveClientIp('10.0.0.1', xff, 0)).toBe('10.0.0.1');
    expect(resolveClientIp('10.0.0.1', xff, 1)).toBe('10.0.0.2');
    expect(resolveClientIp('10.0.0.1', xff, 2)).toBe('203.0.113.7');
    // More hops than entries: as far left as the chain goes.
    expect(resolveClientIp('10.0.0.1', '203.0.113.7', 3)).toBe('203.0.113.7');
    // A garbage entry is not an address: the socket stands.
    expect(resolveClientIp('10.0.0.1', 'not-an-ip', 1)).toBe('10.0.0.1');
    expect(resolveClientIp('::ffff:10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(ipBucket('2001:db8:aa:bb:1:2:3:4')).toBe(ipBucket('2001:db8:aa:bb::9'));
  });

  it('records the address two proxies in front saw, not the one the client claims', async () => {
    const server = await createTestServer({ trustProxy: 2 });
    try {
      const { userId } = await signUpAndSignIn(server, 'behind-proxies@example.com');
      const res = await server
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email: 'behind-proxies@example.com', password: 'Not-The-Password-9' },
          { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' },
        );
      expect(res.status).toBe(401);
      const { rows } = await server.deps.db.asSystem((tx) =>
        tx.execute<{ ip_address: string }>(
          sql`select ip_address from audit_logs where user_id = ${userId} and action = 'sign_in_failed'`,
        ),
      );
      expect(rows).toEqual([{ ip_address: '203.0.113.7' }]);
    } finally {
      await server.close();
    }
  });
});
