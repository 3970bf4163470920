import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, PASSWORD, signUpAndSignIn, type TestServer } from '../../test/harness';

/**
 * A server at http://localhost:3000 is the same server at http://127.0.0.1:3000 and http://[::1]:3000:
 * a person who opens it by either name can sign up and save. Any other origin is still cross-site.
 */
describe('loopback names of a local server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('lets a person sign up, sign in and save at 127.0.0.1 and [::1]', async () => {
    for (const [i, origin] of ['http://127.0.0.1:3000', 'http://[::1]:3000'].entries()) {
      const client = server.client();
      const signUp = await client.post(
        '/api/auth/sign-up/email',
        { email: `loopback${i}@example.com`, password: PASSWORD },
        { origin },
      );
      expect(signUp.status).toBe(200);
    }
    const { client } = await signUpAndSignIn(server, 'loopback-save@example.com');
    const save = await client.request(
      'PATCH',
      '/api/v1/profile',
      { displayName: 'Local' },
      { origin: 'http://127.0.0.1:3000' },
    );
    expect(save.status).toBe(200);
    const signOut = await client.post('/api/auth/sign-out', {}, { origin: 'http://[::1]:3000' });
    expect(signOut.status).toBe(200);
  });

  it('still refuses a foreign origin, and a loopback name on another port', async () => {
    const { client } = await signUpAndSignIn(server, 'loopback-guard@example.com');
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:4000',
      'http://localhost.evil.example:3000',
    ]) {
      const res = await client.request('PATCH', '/api/v1/profile', { displayName: 'Evil' }, { origin });
      expect(res.status, origin).toBe(403);
      const signUp = await server
        .client()
        .post('/api/auth/sign-up/email', { email: 'forged@example.com', password: PASSWORD }, { origin });
      expect(signUp.status, origin).toBe(403);
    }
    expect((await (await client.get('/api/v1/profile')).json()).displayName).toBe('loopback-guard');
  });
});

describe('a public server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(
      {},
      { APP_URL: 'https://health.example', SESSION_SECRET: 'public-instance-session-secret-0123456789' },
    );
  });
  afterAll(() => server.close());

  it('does not take a loopback origin as its own', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'https://localhost']) {
      const signUp = await server
        .client()
        .post('/api/auth/sign-up/email', { email: 'public@example.com', password: PASSWORD }, { origin });
      expect(signUp.status, origin).toBe(403);
    }
    const own = await server
      .client()
      .post(
        '/api/auth/sign-up/email',
        { email: 'public@example.com', password: PASSWORD },
        { origin: 'https://health.example' },
      );
    expect(own.status).toBe(200);
  });
});
