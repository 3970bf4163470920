import { expect, mailedLink, mailsTo, PASSWORD, test, uniqueEmail } from '../../support/fixtures';

const SIGN_UP_SENT =
  "Check your email to confirm your account. You'll set up your preferences after confirmation.";

test('sign up, confirm from the email, sign in, sign out', async ({ page }) => {
  const email = uniqueEmail('signup');

  await test.step('sign up in the browser', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Name (optional)').fill('Sam Signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status')).toContainText(SIGN_UP_SENT);
  });

  await test.step('sign-in is refused until the address is confirmed, with a resend offer', async () => {
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(`Your email address ${email} is not confirmed yet`);
    expect(await mailsTo(email)).toHaveLength(1);
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText(`A new confirmation email is on its way to ${email}.`)).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
    // Still on the sign-in form: nothing let the unconfirmed account in.
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step('open the emailed link', async () => {
    const link = await mailedLink(email, /Confirm your Healthfolio account/);
    expect(link).toContain('/api/auth/verify-email?token=');
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?confirmed=1$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Healthfolio' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }),
    ).toBeVisible();
  });

  await test.step('sign in, choose a journey, reach the dashboard', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Health Journey' })).toBeVisible();
    await page.getByText('Comprehensive Health Management').click();
    await page.getByRole('button', { name: 'Continue with Selected Option' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Health Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome!')).toBeVisible();
  });

  await test.step('sign out from the account menu', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText(email);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Healthfolio' })).toBeVisible();
  });

  await test.step('the dashboard now sends the visitor to sign in', async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  });
});
