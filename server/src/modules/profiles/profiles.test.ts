import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('profile', () => {
  it('switches the platform mode and keeps the other preferences', async () => {
    const { client } = await signUpAndSignIn(server, 'mode@example.com');
    await client.patch('/api/v1/profile', {
      glucoseUnit: 'mmol/L',
      timezone: 'Europe/Berlin',
      displayName: 'Mo',
    });
    const res = await client.patch('/api/v1/profile', { userType: 'diabetes_focused' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      userType: 'diabetes_focused',
      glucoseUnit: 'mmol/L',
      timezone: 'Europe/Berlin',
      displayName: 'Mo',
    });
    const back = await (await client.patch('/api/v1/profile', { userType: 'general_health' })).json();
    expect(back).toMatchObject({ userType: 'general_health', glucoseUnit: 'mmol/L' });
  });

  it('refuses unknown modes and time zones and keeps the stored profile', async () => {
    const { client } = await signUpAndSignIn(server, 'bad-mode@example.com');
    for (const body of [{ userType: 'pro' }, { timezone: 'Nowhere/Land' }, { displayName: '   ' }, {}]) {
      const res = await client.patch('/api/v1/profile', body);
      if (Object.keys(body).length === 0) {
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status).toBe(400);
    }
    expect(await (await client.get('/api/v1/profile')).json()).toMatchObject({
      userType: null,
      timezone: 'UTC',
      displayName: 'bad-mode',
    });
  });

  it('each user sees and changes only their own profile', async () => {
    const a = await signUpAndSignIn(server, 'pa@example.com');
    const b = await signUpAndSignIn(server, 'pb@example.com');
    await a.client.patch('/api/v1/profile', { displayName: 'Alice' });
    const bProfile = await (await b.client.get('/api/v1/profile')).json();
    expect(bProfile.userId).toBe(b.userId);
    expect(bProfile.displayName).toBe('pb');
  });
});
