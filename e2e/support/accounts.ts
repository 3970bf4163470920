import { type APIRequestContext, expect, request } from '@playwright/test';
import { mailedLink, PASSWORD, uniqueEmail } from './inbox';

export type UserType = 'general_health' | 'diabetes_focused';
export type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];

/** A confirmed account and the cookies of one signed-in session for it. */
export interface Account {
  email: string;
  password: string;
  cookies: Cookie[];
}

/** The address ADMIN_EMAILS names (global setup); the one account that is an admin. */
export const ADMIN_EMAIL = 'admin@e2e.test';

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

/** Signs in through the API and returns the session's cookies (one attempt of the sign-in throttle). */
export const signInCookies = async (email: string, password = PASSWORD): Promise<Cookie[]> => {
  const api = await apiClient();
  try {
    const res = await api.post('/api/auth/sign-in/email', { data: { email, password } });
    expect(res.ok(), `sign-in of ${email}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await api.storageState()).cookies;
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
