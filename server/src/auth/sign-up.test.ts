import { COMMON_PASSWORD_MESSAGE } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  signUpAndSignIn,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('sign-up', () => {
  it('checks the email format and the password length on the server, listing each problem', async () => {
    const res = await server
      .client()
      .post('/api/auth/sign-up/email', { email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
      ]),
    );
    const long = await server
      .client()
      .post('/api/auth/sign-up/email', { email: 'x@example.com', password: 'a'.repeat(129) });
    expect((await long.json()).errors[0].message).toBe('Password must be at most 128 characters');
  });

  it('refuses a common password, in any letter case, and says why', async () => {
    // From the maintained list's long tail and its head, capitalised: both are refused with the same words.
    for (const password of ['bassmaster', 'Password123', 'SonyEricsson']) {
      const res = await server
        .client()
        .post('/api/auth/sign-up/email', { email: 'common@example.com', password });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('password_too_common');
      expect(body.detail).toBe(COMMON_PASSWORD_MESSAGE);
      expect(body.errors).toEqual([{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);
    }
    const fine = await server
      .client()
      .post('/api/auth/sign-up/email', { email: 'uncommon@example.com', password: 'bassmaster-quill-orbit' });
    expect(fine.status).toBe(200);
  });

  it('sends a confirmation link and refuses sign-in until the address is confirmed', async () => {
    const client = server.client();
    const email = 'confirm-me@example.com';
    expect((await client.post('/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
    expect(client.cookies.size).toBe(0);

    const early = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe('email_not_verified');

    const link = new URL(await latestMailLink(server.deps.db, email));
    expect(link.pathname).toBe('/api/auth/verify-email');
    await client.get(link.pathname + link.search);
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
  });

  it('creates a profile whose display name defaults to the part of the email before the @', async () => {
    const { client } = await signUpAndSignIn(server, 'grace.h@example.com');
    const profile = await (await client.get('/api/v1/profile')).json();
    expect(profile).toMatchObject({
      displayName: 'grace.h',
      userType: null,
      glucoseUnit: 'mg/dL',
      timezone: 'UTC',
    });
  });

  /** Signs up with these choices, confirms the address from its email, signs in: the profile made. */
  const profileAfterConfirming = async (email: string, choices: Record<string, string>) => {
    const client = server.client();
    const signUp = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, ...choices });
    expect(signUp.status).toBe(200);
    const link = new URL(await latestMailLink(server.deps.db, email));
    await client.get(link.pathname + link.search);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    return (await client.get('/api/v1/profile')).json();
  };

  it('keeps the platform chosen before signing up, and the browser’s zone, past the confirmation', async () => {
    const choices = { userType: 'diabetes_focused', timezone: 'Pacific/Auckland' };
    expect(await profileAfterConfirming('chose-diabetes@example.com', choices)).toMatchObject(choices);
  });

  it('refuses a platform that does not exist, and sets up without a zone the server does not know', async () => {
    const bad = await server.client().post('/api/auth/sign-up/email', {
      email: 'odd-type@example.com',
      password: PASSWORD,
      userType: 'admin',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([expect.objectContaining({ path: 'userType' })]);
    expect(
      await profileAfterConfirming('odd-zone@example.com', {
        userType: 'general_health',
        timezone: 'Mars/Olympus_Mons',
      }),
    ).toMatchObject({ userType: 'general_health', timezone: 'UTC' });
  });

  it('resends the confirmation email on request', async () => {
    const client = server.client();
    const email = 'resend@example.com';
    await client.post('/api/auth/sign-up/email', { email, password: PASSWORD });
    const first = await latestMailLink(server.deps.db, email);
    const res = await client.post('/api/auth/send-verification-email', { email, callbackURL: '/auth' });
    expect(res.status).toBe(200);
    const second = await latestMailLink(server.deps.db, email);
    expect(second).not.toBe(first);
  });
});
