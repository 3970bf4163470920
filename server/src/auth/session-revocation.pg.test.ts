import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpAndSignIn, type TestClient, type TestServer } from '../../test/harness';
import { startTwoInstances } from '../../test/two-instances';

// Two app instances on one PostgreSQL database, as two processes behind a load balancer would be:
// each with its own pool, bus listener and session cache.
let a: TestServer;
let b: TestServer;
let close: () => Promise<void>;

/** The same browser's cookies, sent to the other instance. */
const onInstance = (server: TestServer, client: TestClient) => {
  const other = server.client();
  other.cookies = new Map(client.cookies);
  return other;
};

beforeAll(async () => {
  ({ a, b, close } = await startTwoInstances());
});

afterAll(() => close?.());

describe('a session revoked on one instance', () => {
  it('is refused by the other on the very next request after sign-out', async () => {
    const { client } = await signUpAndSignIn(a, 'two-instances@example.com');
    const viaB = onInstance(b, client);
    // Resolved (and remembered) by both instances first.
    for (let i = 0; i < 3; i++) {
      expect((await viaB.get('/api/v1/profile')).status).toBe(200);
      expect((await client.get('/api/v1/profile')).status).toBe(200);
    }
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await viaB.get('/api/v1/profile')).status).toBe(401);
    expect((await onInstance(a, viaB).get('/api/v1/profile')).status).toBe(401);
  });

  it('is refused by the other after "sign out of all other sessions" and after a password change', async () => {
    const { client: phone } = await signUpAndSignIn(a, 'revoke-others@example.com');
    const laptop = b.client();
    await laptop.post('/api/auth/sign-in/email', { email: 'revoke-others@example.com', password: PASSWORD });
    const tablet = b.client();
    await tablet.post('/api/auth/sign-in/email', { email: 'revoke-others@example.com', password: PASSWORD });
    expect((await laptop.get('/api/v1/profile')).status).toBe(200);
    expect((await tablet.get('/api/v1/profile')).status).toBe(200);

    expect((await phone.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await laptop.get('/api/v1/profile')).status).toBe(401);
    expect((await phone.get('/api/v1/profile')).status).toBe(200);

    const again = b.client();
    await again.post('/api/auth/sign-in/email', { email: 'revoke-others@example.com', password: PASSWORD });
    expect((await again.get('/api/v1/profile')).status).toBe(200);
    const changed = await phone.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Quiet-Harbor-77',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await again.get('/api/v1/profile')).status).toBe(401);
  });
});
