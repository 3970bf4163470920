import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { freshTotpCode, NEW_ADMIN_EMAIL, signUpAndConfirm } from '../../support/accounts';
import { expect, expectNoAxeViolations, PASSWORD, test } from '../../support/fixtures';

const passwordStep = async (page: Page, email: string) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
};

test('an admin sets up an authenticator app in Settings → Security, then signs in with a code or a backup code', async ({
  page,
}) => {
  // In ADMIN_EMAILS (global setup) but with no second factor yet.
  await signUpAndConfirm(NEW_ADMIN_EMAIL);
  let totp: OTPAuth.TOTP | undefined;
  let backupCodes: string[] = [];

  await test.step('without a second factor the admin console asks for one', async () => {
    await passwordStep(page, NEW_ADMIN_EMAIL);
    await page.getByText('Comprehensive Health Management').click();
    await page.getByRole('button', { name: 'Continue with Selected Option' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/admin-console');
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in required' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings#security$/);
  });

  await test.step('Settings → Security: password, QR code, first code, backup codes', async () => {
    const security = page.locator('#security');
    await expect(security.getByRole('alert')).toContainText('Your admin role requires two-factor sign-in');
    await expectNoAxeViolations(page);
    await security.getByRole('button', { name: 'Set up authenticator app' }).click();
    const start = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await start.getByRole('button', { name: 'Continue' }).click();
    await expect(start.getByText('Enter your password', { exact: true })).toBeVisible();
    await start.getByLabel('Current password').fill('Not-The-Password-1');
    await start.getByRole('button', { name: 'Continue' }).click();
    await expect(start.getByText('Your current password is not right.')).toBeVisible();
    await start.getByLabel('Current password').fill(PASSWORD);
    await start.getByRole('button', { name: 'Continue' }).click();

    const scan = page.getByRole('dialog', { name: 'Scan the QR code' });
    await expect(scan.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectNoAxeViolations(page);
    const secret = (await scan.getByTestId('totp-secret').textContent())!.trim();
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    await scan.getByLabel('Code from the app').fill(await freshTotpCode(totp));
    await scan.getByRole('button', { name: 'Turn on' }).click();

    const done = page.getByRole('dialog', { name: 'Authenticator app is on' });
    const codes = done.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    backupCodes = (await codes.allTextContents()).map((c) => c.trim());
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(security.getByText('On', { exact: true })).toBeVisible();
    await expect(security.getByRole('alert')).toHaveCount(0);
  });

  await test.step('the admin console now opens', async () => {
    await page.goto('/dashboard/admin-console');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  await test.step('sign-in asks for the code after the password; a wrong one is refused', async () => {
    await signOut(page);
    await passwordStep(page, NEW_ADMIN_EMAIL);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    // The code step alone: no Google button, no Sign In/Sign Up tabs beside it.
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid code');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Authentication code').fill(await freshTotpCode(totp!));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('a backup code stands in for the app, once', async () => {
    await signOut(page);
    await passwordStep(page, NEW_ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await signOut(page);
    await passwordStep(page, NEW_ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid backup code');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
