import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';

/** Opens a page, waits for the heading that shows it is ready, and runs axe on it. */
const check = async (page: Page, path: string, heading: string | RegExp) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expectNoAxeViolations(page);
};

// Form errors and dialogs look the same on a phone; their colours differ between the themes.
const layouts = [
  { name: 'desktop', viewport: DESKTOP, colorScheme: 'light', states: true },
  { name: 'phone', viewport: PHONE, colorScheme: 'light', states: false },
  { name: 'desktop, dark theme', viewport: DESKTOP, colorScheme: 'dark', states: true },
] as const;

for (const { name, viewport, colorScheme, states } of layouts) {
  test.describe(`no axe violations (${name})`, () => {
    test.use({ viewport, colorScheme });

    test('signed-out pages: landing, sign in, sign up, reset password, 404', async ({ page }) => {
      await check(page, '/', 'Your health records, measurements and care team in one place');
      await check(page, '/auth', 'Welcome to Healthfolio');
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page.getByLabel('Name (optional)')).toBeVisible();
      await expectNoAxeViolations(page);
      if (states) {
        // The form's own error messages, and the forgot-password dialog.
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
        await expectNoAxeViolations(page);
        await check(page, '/auth?type=diabetes', 'Welcome to Healthfolio');
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
        await expectNoAxeViolations(page);
      }
      await check(page, '/auth/reset-password', 'Choose a new password');
      await check(page, '/no-such-page', '404');
    });

    test('the choice screen', async ({ page, accounts, signInAs }) => {
      await signInAs(await accounts.undecided());
      await check(page, '/auth', 'Choose Your Health Journey');
      await page.getByRole('radio', { name: /Comprehensive Health Management/ }).check();
      await expectNoAxeViolations(page);
    });

    test('general mode: dashboard, settings, a placeholder, menus and dialogs', async ({
      page,
      accounts,
      signInAs,
    }) => {
      // Five pages and two open menus, each checked by axe: more than the default minute on a busy machine.
      test.slow();
      await signInAs(await accounts.general());
      await check(page, '/dashboard', 'Health Dashboard');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
      await check(page, '/dashboard/settings', 'Settings');
      await page.getByRole('button', { name: 'Switch platform mode' }).click();
      await expect(page.getByRole('dialog', { name: 'Switch Platform Mode' })).toBeVisible();
      await expectNoAxeViolations(page);
      await check(page, '/dashboard/documents', 'All Documents');
      await check(page, '/dashboard/insurance', 'No insurance records yet');
      await check(page, '/dashboard/track-data', 'Recent Entries');
    });

    test('diabetes mode: dashboard and a diabetes tool', async ({ page, accounts, signInAs }) => {
      await signInAs(await accounts.diabetes());
      await check(page, '/dashboard', 'Smart Diabetes Management');
      await check(page, '/dashboard/carb-counter', 'Find a food');
    });

    test('admin: the console with the Admin tab', async ({ page, accounts, signInAs }) => {
      await signInAs(await accounts.admin());
      await check(page, '/dashboard/admin-console', 'Admin Panel');
    });

    test('a toast, at rest', async ({ page, accounts, signInAs }) => {
      await signInAs(await accounts.general());
      await page.goto('/dashboard/settings');
      const unit = page.getByLabel('Glucose unit');
      await unit.selectOption((await unit.inputValue()) === 'mg/dL' ? 'mmol/L' : 'mg/dL');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your settings have been saved.')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
