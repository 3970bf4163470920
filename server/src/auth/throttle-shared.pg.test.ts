import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  PASSWORD,
  serveApp,
  signUpAndSignIn,
  type TestServer,
  testConfig,
} from '../../test/harness';
import type { Database } from '../db/database';

// Two API processes on one PostgreSQL database: each has its own memory, they share the store.
let db: Database;
let drop: () => Promise<void>;
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  const config = {
    ...testConfig(),
    authThrottle: { perAccount: 2, perIp: 1000, windowSeconds: 60 },
  };
  first = await serveApp(config, db);
  second = await serveApp(config, db);
});
afterAll(async () => {
  await db.close();
  await drop();
});

describe('throttles and quotas across processes (PostgreSQL)', () => {
  it('counts sign-in attempts made through different processes against one account budget', async () => {
    const email = 'shared-budget@example.com';
    await signUpAndSignIn(first, email);
    const wrong = { email, password: 'Wrong-Password-1' };
    expect((await first.client().post('/api/auth/sign-in/email', wrong)).status).toBe(401);
    expect((await second.client().post('/api/auth/sign-in/email', wrong)).status).toBe(401);
    // Spread over two processes, the budget is still spent: each alone has seen only one attempt.
    expect((await first.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(
      429,
    );
    expect(
      (await second.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(429);
  });

  it('keeps per-user quotas across processes', async () => {
    const { client } = await signUpAndSignIn(first, 'shared-quota@example.com');
    const elsewhere = second.client();
    elsewhere.cookies = new Map(client.cookies);
    for (let i = 0; i < 10; i++) {
      expect((await client.get('/api/v1/glucose/stats?days=365')).status).toBe(200);
      expect((await elsewhere.get('/api/v1/glucose/stats?days=365')).status).toBe(200);
    }
    expect((await client.get('/api/v1/glucose/stats?days=365')).status).toBe(429);
    expect((await elsewhere.get('/api/v1/glucose/stats?days=365')).status).toBe(429);
  });

  it('names accounts in the shared counters by a keyed hash, never by address', async () => {
    const { rows } = await db.owner.execute<{ key: string }>(sql`select key from auth.rate_limit`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) expect(key).not.toMatch(/@|example\.com/);
  });
});
