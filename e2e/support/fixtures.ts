import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import {
  type Account,
  ADMIN_EMAIL,
  adminTotp,
  createAccount,
  setUserType,
  signInCookies,
  type UserType,
} from './accounts';

import { PASSWORD } from './inbox';

export { mailedLink, mailsTo, PASSWORD, uniqueEmail } from './inbox';
export { expect };

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Accounts shared by every spec of a worker, created on first use. Specs that only look at what a
 * user sees share them; specs that change the account (mode, settings, sign-out) make their own.
 */
export interface SharedAccounts {
  /** Complete Health platform chosen. */
  general: () => Promise<Account>;
  /** Diabetes-Focused platform chosen. */
  diabetes: () => Promise<Account>;
  /** Confirmed and signed in, no platform chosen yet: sees "Choose Your Health Journey". */
  undecided: () => Promise<Account>;
  /** admin@e2e.test (ADMIN_EMAILS; signed up by global setup, TOTP on), Complete Health platform. */
  admin: () => Promise<Account>;
}

const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

export const test = base.extend<
  {
    /** Puts an account's session cookies into this page's browser context. */
    signInAs: (account: Account) => Promise<void>;
    /** A fresh signed-in account for a spec that changes it. */
    newAccount: (tag: string, options?: { type?: UserType; name?: string }) => Promise<Account>;
  },
  { accounts: SharedAccounts }
>({
  // The app runs on a port chosen at start-up (global setup).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  accounts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
    async ({}, use) => {
      await use({
        general: once(() => createAccount('general', { type: 'general_health', name: 'Gina General' })),
        diabetes: once(() => createAccount('diabetes', { type: 'diabetes_focused', name: 'Dana Diabetes' })),
        undecided: once(() => createAccount('undecided')),
        admin: once(async () => {
          const cookies = await signInCookies(ADMIN_EMAIL, PASSWORD, adminTotp());
          await setUserType(cookies, 'general_health');
          return { email: ADMIN_EMAIL, password: PASSWORD, cookies };
        }),
      });
    },
    { scope: 'worker' },
  ],
  signInAs: async ({ page }, use) => {
    await use(async (account) => {
      await page.context().addCookies(account.cookies);
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  newAccount: async ({}, use) => {
    await use(createAccount);
  },
});

/**
 * Waits until nothing on the page is moving (toasts sliding in, dialogs fading), so what is checked
 * is what the user ends up seeing. Endless animations (spinners) are ignored.
 */
export const settle = async (page: Page) => {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
};

/** Fails the test on any axe violation, listing each with its nodes. */
export const expectNoAxeViolations = async (page: Page) => {
  await settle(page);
  // Only violations are reported back: passes and incomplete results are slow to collect and unused.
  // Legacy mode runs axe once in the page; the default injects it twice and opens a blank page per scan
  // to merge frame results, for cross-origin frames the app's pages do not have.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes
        .map((n) => `${n.target.join(' ')} [${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)}]`)
        .join(', ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
};
