import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, setRole } from '../../test/admin';
import { APP_URL, createTestServer, type TestClient, type TestServer } from '../../test/harness';
import { authorizeAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { enableTotp, totpCode } from '../../test/two-factor';

const ADMIN = { sub: 'google-sub-grace', email: 'grace.admin@example.com', name: 'Grace Hopper' };

/** Continue with Google, as the browser does it: start, the provider's consent, the callback. */
const googleSignIn = async (server: TestServer, client = server.client()) => {
  const start = await client.post('/api/auth/sign-in/oauth2', {
    providerId: 'google',
    callbackURL: '/dashboard',
  });
  expect(start.status).toBe(200);
  const callback = await authorizeAtProvider((await start.json()).url, ADMIN.sub);
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return client;
};

describe('admin step-up: admin routes need a session that passed a second factor', () => {
  let oidc: TestOidcProvider;
  let server: TestServer;
  let userId: string;
  let totp: Awaited<ReturnType<typeof enableTotp>>['totp'];
  let backupCodes: string[];
  beforeAll(async () => {
    oidc = await startOidcProvider(`${APP_URL}/api/auth/oauth2/callback/google`, [ADMIN]);
    server = await createTestServer({
      google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, discoveryUrl: oidc.discoveryUrl },
    });
    const first = await googleSignIn(server);
    userId = (await (await first.get('/api/v1/profile')).json()).userId;
    await setRole(server, userId, 'admin');
    // Enrolling is itself a verified code: that session may use the console.
    ({ totp, backupCodes } = await enableTotp(first));
    expect((await first.get('/api/v1/admin/users')).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await oidc?.close();
  });

  const status = async (c: TestClient) => (await c.get('/api/v1/me/second-factor')).json();

  it('a Google sign-in of an enrolled admin is refused until it confirms a code, then let through', async () => {
    const client = await googleSignIn(server);
    expect(await status(client)).toMatchObject({ enabled: true, required: true, sessionVerified: false });
    const refused = await client.get('/api/v1/admin/users');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'second_factor_required',
      detail:
        'Confirm it is you with your authenticator app, a backup code or a passkey before using admin features.',
    });
    expect((await auditRows(server, 'access_denied')).at(-1)?.details).toMatchObject({
      reason: 'second_factor_required',
    });
    // A wrong code changes nothing.
    const wrong = totpCode(totp, 0) === '000000' ? '111111' : '000000';
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: wrong })).status).toBe(401);
    expect((await client.get('/api/v1/admin/users')).status).toBe(403);

    let ok = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totp, 0) });
    // The period can turn on a busy machine; the next one is as good.
    if (ok.status === 401)
      ok = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totp, 1) });
    expect(ok.status).toBe(200);
    expect(await status(client)).toMatchObject({ sessionVerified: true });
    expect((await client.get('/api/v1/admin/users')).status).toBe(200);
    expect((await auditRows(server, 'second_factor_confirmed')).at(-1)).toMatchObject({
      user_id: userId,
      details: { method: 'totp' },
    });

    // Another Google session of the same admin is not lifted by this one's code.
    const other = await googleSignIn(server);
    expect((await other.get('/api/v1/admin/users')).status).toBe(403);
  });

  it('a backup code confirms a Google session too', async () => {
    const client = await googleSignIn(server);
    expect((await client.get('/api/v1/admin/settings')).status).toBe(403);
    const res = await client.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(res.status).toBe(200);
    expect((await client.get('/api/v1/admin/settings')).status).toBe(200);
  });
});
