import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, PASSWORD, signUpAndSignIn, type TestServer } from '../../test/harness';
import { enableTotp, totpCode } from '../../test/two-factor';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    adminEmails: ['chief@example.com'],
    authThrottle: { perAccount: 3, perIp: 1000, windowSeconds: 60 },
  });
});
afterAll(() => server.close());

const auditActions = async (userId: string) => {
  const rows = await server.deps.db.asSystem((tx) =>
    tx.execute<{ action: string; details: Record<string, unknown> | null }>(
      sql`select action, details from audit_logs where user_id = ${userId} order by created_at, id`,
    ),
  );
  return rows.rows.map((r) => r.action);
};

/** A password sign-in in a fresh client: for a 2FA account it stops at the code step. */
const passwordStep = async (email: string) => {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { client, body: await res.json() };
};

describe('two-factor sign-in with an authenticator app', () => {
  it('is switched on with the password and a first code; sign-in then asks for a code', async () => {
    const email = 'totp@example.com';
    expect((await server.client().get('/api/v1/me/second-factor')).status).toBe(401);
    const { client, userId } = await signUpAndSignIn(server, email);
    expect(await (await client.get('/api/v1/me/second-factor')).json()).toEqual({
      totp: false,
      passkeys: 0,
      enabled: false,
      required: false,
      sessionVerified: false,
    });
    const wrong = await client.post('/api/auth/two-factor/enable', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');

    const { totp, totpURI, backupCodes } = await enableTotp(client);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Healthfolio:totp%40example\.com\?/);
    expect(backupCodes).toHaveLength(10);
    expect((await client.get('/api/v1/me/second-factor')).status).toBe(200);
    expect(await (await client.get('/api/v1/me/second-factor')).json()).toMatchObject({
      totp: true,
      enabled: true,
    });
    // Switching it on re-issued the cookie: this browser stays signed in.
    expect((await client.get('/api/v1/profile')).status).toBe(200);

    const { client: next, body } = await passwordStep(email);
    expect(body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // The password alone opens nothing.
    expect((await next.get('/api/v1/profile')).status).toBe(401);
    const code = totpCode(totp);
    const ok = await next.post('/api/auth/two-factor/verify-totp', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(ok.status).toBe(200);
    expect((await next.get('/api/v1/profile')).status).toBe(200);
    // This session passed the second factor at sign-in (admin routes ask for that).
    expect(await (await next.get('/api/v1/me/second-factor')).json()).toMatchObject({
      sessionVerified: true,
    });

    // The same code is accepted once only, even inside its time window.
    const { client: replay } = await passwordStep(email);
    const again = await replay.post('/api/auth/two-factor/verify-totp', { code });
    expect(again.status).toBe(401);
    expect((await replay.get('/api/v1/profile')).status).toBe(401);

    // One sign_in per completed sign-in: neither the code step nor the re-issued cookie counts.
    expect(await auditActions(userId)).toEqual([
      'sign_up',
      'sign_in',
      'two_factor_enabled',
      'sign_in',
      'two_factor_failed',
    ]);
  });

  it('refuses a wrong code, and throttles the account before any code is checked', async () => {
    const email = 'guess@example.com';
    const { client, userId } = await signUpAndSignIn(server, email);
    const { totp } = await enableTotp(client);
    const { client: attacker } = await passwordStep(email);
    for (const code of ['000000', '111111', '222222']) {
      const res = await attacker.post('/api/auth/two-factor/verify-totp', { code });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('invalid_code');
    }
    // Spent: even the right code is not looked at now.
    const blocked = await attacker.post('/api/auth/two-factor/verify-totp', { code: totpCode(totp) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await attacker.get('/api/v1/profile')).status).toBe(401);
    // Malformed codes are a 400 listing the field, never a 500.
    const bad = await server.client().post('/api/auth/two-factor/verify-totp', { code: 'abc' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].path).toBe('code');
    expect((await auditActions(userId)).filter((a) => a === 'two_factor_failed')).toHaveLength(3);
  });

  it('lets a backup code stand in for the app, once', async () => {
    const email = 'backup@example.com';
    const { client, userId } = await signUpAndSignIn(server, email);
    const { backupCodes } = await enableTotp(client);
    const [code] = backupCodes as [string];

    const { client: first } = await passwordStep(email);
    // Typed without its dash, as people do.
    const used = await first.post('/api/auth/two-factor/verify-backup-code', { code: code.replace('-', '') });
    expect(used.status).toBe(200);
    expect((await first.get('/api/v1/profile')).status).toBe(200);

    const { client: second } = await passwordStep(email);
    const reused = await second.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(reused.status).toBe(401);
    expect((await second.get('/api/v1/profile')).status).toBe(401);
    const other = await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(other.status).toBe(200);
    expect((await auditActions(userId)).filter((a) => a === 'backup_code_used')).toHaveLength(2);
  });

  it('is switched off only with the password; sign-in then needs the password alone', async () => {
    const email = 'off@example.com';
    const { client, userId } = await signUpAndSignIn(server, email);
    await enableTotp(client);
    expect((await client.post('/api/auth/two-factor/disable', {})).status).toBe(400);
    const wrong = await client.post('/api/auth/two-factor/disable', { password: 'Wrong-Password-99' });
    expect(wrong.status).toBe(400);
    expect(await (await client.get('/api/v1/me/second-factor')).json()).toMatchObject({ totp: true });

    expect((await client.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect(await (await client.get('/api/v1/me/second-factor')).json()).toMatchObject({ totp: false });
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    const { client: next, body } = await passwordStep(email);
    expect(body.twoFactorRedirect).toBeUndefined();
    expect((await next.get('/api/v1/profile')).status).toBe(200);
    expect(await auditActions(userId)).toEqual([
      'sign_up',
      'sign_in',
      'two_factor_enabled',
      'two_factor_disabled',
      'sign_in',
    ]);
  });

  it('asks for the password before a passkey is added or removed', async () => {
    const { client } = await signUpAndSignIn(server, 'keys@example.com');
    const add = await client.post('/api/auth/passkey/verify-registration', { response: {} });
    expect(add.status).toBe(400);
    expect((await add.json()).code).toBe('invalid_password');
    const remove = await client.post('/api/auth/passkey/delete-passkey', {
      id: '00000000-0000-4000-8000-000000000000',
      password: 'Wrong-Password-99',
    });
    expect(remove.status).toBe(400);
    expect((await remove.json()).code).toBe('invalid_password');
    // With the password the request reaches better-auth, which finds no such passkey.
    const missing = await client.post('/api/auth/passkey/delete-passkey', {
      id: '00000000-0000-4000-8000-000000000000',
      password: PASSWORD,
    });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
  });
});

describe('admins need a second factor', () => {
  it('answers 403 two_factor_required on admin routes until the admin sets one up', async () => {
    const { client: admin, userId } = await signUpAndSignIn(server, 'chief@example.com');
    const { userId: target } = await signUpAndSignIn(server, 'staff@example.com');
    expect(await (await admin.get('/api/v1/me/second-factor')).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    const refused = await admin.put(`/api/v1/admin/users/${target}/role`, { role: 'moderator' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect((await refused.json()).code).toBe('two_factor_required');

    await enableTotp(admin);
    const allowed = await admin.put(`/api/v1/admin/users/${target}/role`, { role: 'moderator' });
    expect(allowed.status).toBe(200);
    expect(await auditActions(userId)).toContain('two_factor_enabled');
  });
});
