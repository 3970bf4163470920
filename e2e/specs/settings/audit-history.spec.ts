import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('Settings shows the account’s own activity: the sign-in (from where) and the entry logged', async ({
  page,
  newAccount,
}) => {
  const account = await newAccount('audit-history', { type: 'general_health' });
  const browser = await page.evaluate(() => navigator.userAgent);

  await test.step('sign in and log a journal entry in the browser', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/dashboard/trackers/journal');
    await page.getByRole('button', { name: 'New Journal Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Journal Entry' });
    await dialog.getByLabel('Journal entry').fill('A private thought about my health.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Settings lists both, newest first, with the address and browser, never the entry’s text', async () => {
    await page.goto('/dashboard/settings');
    const activity = page.getByRole('list', { name: 'Account activity' });
    const items = activity.getByRole('listitem');
    await expect(items.first()).toContainText('Created an entry');
    const signIn = items.filter({ hasText: 'Signed in' }).filter({ hasText: browser });
    await expect(signIn.first()).toContainText(/127\.0\.0\.1/);
    await expect(activity).not.toContainText('A private thought');
    await activity.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });
});
