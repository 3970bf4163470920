import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../test/harness';
import { USER_QUOTAS } from './user-quota';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-quota@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-quota@example.com')).client;
});
afterAll(async () => {
  await server.deps.bus.close();
  await server.close();
});

const expect429 = async (res: { status: number; headers: Headers; json(): Promise<unknown> }) => {
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await res.json()).toMatchObject({ code: 'rate_limited', status: 429 });
};

/** Opens a notification stream and waits for its first bytes; `close` hangs up like a closed tab. */
const openStream = async (client: TestClient) => {
  const res = await server.app.request('/api/v1/notifications/stream', {
    headers: { cookie: client.cookieHeader },
  });
  if (res.status !== 200) return { res, close: async () => {} };
  const reader = res.body!.getReader();
  await reader.read();
  return { res, close: () => reader.cancel() };
};

describe('per-user limits on heavy requests', () => {
  it('holds one user to a few open event streams, without touching anyone else', async () => {
    const open = [];
    for (let i = 0; i < USER_QUOTAS.openStreams; i++) {
      const s = await openStream(alice);
      expect(s.res.status).toBe(200);
      open.push(s);
    }
    const refused = await openStream(alice);
    await expect429(refused.res);
    const bobs = await openStream(bob);
    expect(bobs.res.status).toBe(200);

    // A closed tab gives its slot back.
    await open.pop()!.close();
    let again = await openStream(alice);
    for (let i = 0; i < 50 && again.res.status !== 200; i++) {
      await sleep(100);
      again = await openStream(alice);
    }
    expect(again.res.status).toBe(200);
    for (const s of [...open, again, bobs]) await s.close();
  });

  it('limits year-long analytics per user while short windows stay free', async () => {
    for (let i = 0; i < USER_QUOTAS.longRangePer10Min; i++) {
      const path = i % 2 ? '/api/v1/glucose/stats?days=365' : '/api/v1/glucose/analytics?days=180';
      expect((await alice.get(path)).status).toBe(200);
    }
    await expect429(await alice.get('/api/v1/glucose/stats?days=365'));
    await expect429(await alice.get('/api/v1/glucose/analytics?days=91'));
    expect((await alice.get('/api/v1/glucose/stats?days=90')).status).toBe(200);
    expect((await alice.get('/api/v1/glucose/analytics?days=14')).status).toBe(200);
    expect((await bob.get('/api/v1/glucose/stats?days=365')).status).toBe(200);
  });

  it('limits how many medication schedules (each expanded into doses) a user creates', async () => {
    const schedule = {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['08:00'],
      frequency: 'once',
      startDate: '2026-03-01',
    };
    for (let i = 0; i < USER_QUOTAS.schedulesPer10Min; i++)
      expect((await alice.post('/api/v1/medications/schedules', schedule)).status).toBe(201);
    await expect429(await alice.post('/api/v1/medications/schedules', schedule));
    // Reading doses is not creation: still served.
    expect((await alice.get('/api/v1/medications/doses')).status).toBe(200);
    expect((await bob.post('/api/v1/medications/schedules', schedule)).status).toBe(201);
  });
});
