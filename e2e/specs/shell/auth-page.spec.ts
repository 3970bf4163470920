import { signUpAndConfirm } from '../../support/accounts';
import { expect, mailedLink, PASSWORD, test, uniqueEmail } from '../../support/fixtures';

test('Google sign-in says it is not set up on this server', async ({ page }) => {
  await page.goto('/auth');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeDisabled();
  await expect(google).toHaveAccessibleDescription('Google sign-in is not set up on this server');
});

test('sign-in checks the email format and password before sending, and shows the server message', async ({
  page,
}) => {
  await page.goto('/auth');
  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  await email.fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
  await expect(page).toHaveURL(/\/auth$/);
});

test('forgot password: the emailed link sets a new password that signs in', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await signUpAndConfirm(email);
  const newPassword = 'Amber-Canyon-Whistle-77';

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toContainText(`If an account exists for ${email}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();

  const link = await mailedLink(email, /Reset your Healthfolio password/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await expect(page).toHaveTitle('Healthfolio — Reset Password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Health Journey' })).toBeVisible();
});
