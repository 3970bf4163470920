import { createHash } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { mailedLink, PASSWORD, uniqueEmail } from './inbox';

export type UserType = 'general_health' | 'diabetes_focused';
export type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];

/** A confirmed account and the cookies of one signed-in session for it. */
export interface Account {
  email: string;
  password: string;
  cookies: Cookie[];
}

/** The address ADMIN_EMAILS names (global setup); the admin the specs sign in as (it has TOTP on). */
export const ADMIN_EMAIL = 'admin@e2e.test';
/** Also in ADMIN_EMAILS, but nobody signs up with it until the two-factor spec does (no second factor). */
export const NEW_ADMIN_EMAIL = 'new-admin@e2e.test';

/** The admin's authenticator, from the otpauth:// URI global setup got when it switched TOTP on. */
export const adminTotp = () => {
  const uri = process.env.E2E_ADMIN_TOTP_URI;
  if (!uri) throw new Error('E2E_ADMIN_TOTP_URI is not set: run the specs through playwright (global setup)');
  return OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
};

/**
 * A TOTP code the server has not accepted yet: it takes each code once, and global setup and the
 * specs (two workers at once) sign in with the same authenticator within one 30-second step. The
 * server allows one step either side of now. Each step is claimed by creating a file for it, which only
 * one process can do, so two workers never send the same code.
 */
export const freshTotpCode = async (totp: OTPAuth.TOTP) => {
  const prefix = join(
    tmpdir(),
    `healthfolio-e2e-totp-${createHash('sha256').update(totp.secret.base32).digest('hex').slice(0, 12)}`,
  );
  const stepOf = () => Math.floor(Date.now() / 1000 / totp.period);
  const claim = (step: number) => {
    try {
      closeSync(openSync(`${prefix}-${step}`, 'wx'));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  };
  let step = stepOf() - 1;
  while (!claim(step)) step++;
  while (step > stepOf() + 1) await new Promise((r) => setTimeout(r, 1000));
  return totp.generate({ timestamp: step * totp.period * 1000 });
};

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through playwright (global setup)');
  return url;
};

/** An API client like the browser: same origin, JSON; its cookies can be handed to a page. */
export const apiClient = () =>
  request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });

/** Signs up through the API and opens the emailed confirmation link (as a user would). */
export const signUpAndConfirm = async (email: string, password = PASSWORD, name?: string) => {
  const api = await apiClient();
  try {
    const res = await api.post('/api/auth/sign-up/email', {
      data: name ? { email, password, name } : { email, password },
    });
    expect(res.ok(), `sign-up of ${email}: ${res.status()} ${await res.text()}`).toBe(true);
    await confirmFromMail(api, email);
  } finally {
    await api.dispose();
  }
};

/** Opens the newest confirmation link mailed to this address; the server answers with a redirect. */
export const confirmFromMail = async (api: APIRequestContext, email: string) => {
  const link = await mailedLink(email, /confirm/i);
  const res = await api.get(link, { maxRedirects: 0 });
  expect(res.status(), `confirmation link of ${email}`).toBeGreaterThanOrEqual(300);
  expect(res.status()).toBeLessThan(400);
};

/**
 * Signs in through the API and returns the session's cookies (one attempt of the sign-in throttle);
 * with an authenticator, answers the code step too.
 */
export const signInCookies = async (
  email: string,
  password = PASSWORD,
  totp?: OTPAuth.TOTP,
): Promise<Cookie[]> => {
  const api = await apiClient();
  try {
    const res = await api.post('/api/auth/sign-in/email', { data: { email, password } });
    expect(res.ok(), `sign-in of ${email}: ${res.status()} ${await res.text()}`).toBe(true);
    if ((await res.json()).twoFactorRedirect) {
      if (!totp) throw new Error(`${email} has two-factor sign-in on: pass its authenticator`);
      const code = await api.post('/api/auth/two-factor/verify-totp', {
        data: { code: await freshTotpCode(totp) },
      });
      expect(code.ok(), `code step of ${email}: ${code.status()} ${await code.text()}`).toBe(true);
    }
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
};

/** Switches an authenticator app on through the API, as Settings → Security does; returns its URI. */
export const enableTotpByApi = async (cookies: Cookie[], password = PASSWORD) => {
  const api = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Origin: baseURL() },
    storageState: { cookies, origins: [] },
  });
  try {
    const res = await api.post('/api/auth/two-factor/enable', { data: { password } });
    expect(res.ok(), `two-factor enable: ${res.status()} ${await res.text()}`).toBe(true);
    const { totpURI } = (await res.json()) as { totpURI: string };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const code = await api.post('/api/auth/two-factor/verify-totp', {
      data: { code: await freshTotpCode(totp) },
    });
    expect(code.ok(), `two-factor verify: ${code.status()} ${await code.text()}`).toBe(true);
    return totpURI;
  } finally {
    await api.dispose();
  }
};

/** Sets the platform type through the profile API, as the choice screen would. */
export const setUserType = async (cookies: Cookie[], userType: UserType) => {
  const api = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Origin: baseURL() },
    storageState: { cookies, origins: [] },
  });
  try {
    const res = await api.patch('/api/v1/profile', { data: { userType } });
    expect(res.ok(), `profile type: ${res.status()} ${await res.text()}`).toBe(true);
  } finally {
    await api.dispose();
  }
};

/** A fresh confirmed, signed-in account; with `type` its platform is already chosen. */
export const createAccount = async (
  tag: string,
  options: { type?: UserType; name?: string } = {},
): Promise<Account> => {
  const email = uniqueEmail(tag);
  await signUpAndConfirm(email, PASSWORD, options.name);
  const cookies = await signInCookies(email);
  if (options.type) await setUserType(cookies, options.type);
  return { email, password: PASSWORD, cookies };
};
