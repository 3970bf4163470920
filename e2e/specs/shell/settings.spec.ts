import { expect, mailsTo, test } from '../../support/fixtures';

test('settings: display name and glucose unit are saved and survive a reload', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('settings', { type: 'general_health', name: 'Avery Before' });
  await signInAs(account);
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);

  const name = page.getByLabel('Display name');
  const unit = page.getByLabel('Glucose unit');
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(name).toHaveValue('Avery Before');
  await expect(unit).toHaveValue('mg/dL');
  await expect(page.getByText(`Signed in as ${account.email}.`)).toBeVisible();
  // Nothing changed yet, nothing to save.
  await expect(save).toBeDisabled();

  await name.fill('Avery After');
  await unit.selectOption('mmol/L');
  await save.click();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();

  await page.reload();
  await expect(name).toHaveValue('Avery After');
  await expect(unit).toHaveValue('mmol/L');
  // The account menu greets the user by the new name.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Avery After');
});

test('settings: an empty display name is refused before sending', async ({ page, accounts, signInAs }) => {
  await signInAs(await accounts.general());
  await page.goto('/dashboard/settings');
  const name = page.getByLabel('Display name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Your settings have been saved.')).toHaveCount(0);
  await page.reload();
  await expect(name).toHaveValue('Gina General');
});

test('settings: a wrong current password is marked at that field, and an old error goes on the next try', async ({
  page,
  accounts,
  signInAs,
}) => {
  await signInAs(await accounts.general());
  await page.goto('/dashboard/settings');
  const current = page.getByLabel('Current password');
  await current.fill('Not-My-Password-77');
  await page.getByLabel('New password', { exact: true }).fill('Another-Fine-Pass-31');
  await page.getByLabel('Confirm new password').fill('Another-Fine-Pass-31');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('Your current password is not right.');
  await expect(page.getByText('Invalid password')).toHaveCount(0);

  await page.getByLabel('Confirm new password').fill('Something-Else-31');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expect(page.getByText('Your current password is not right.')).toHaveCount(0);
  await expect(current).not.toHaveAttribute('aria-invalid', 'true');
});

test('settings: reminder emails are opted in and out, and the choice survives a reload', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('reminder-mail', { type: 'general_health' });
  await signInAs(account);
  await page.goto('/dashboard/settings');
  const optIn = page.getByLabel('Also email me when a reminder is due');
  // Off until the user asks; the e2e server has SMTP, so the hint names where mail goes.
  await expect(optIn).not.toBeChecked();
  await expect(page.getByText(`Emails go to ${account.email}.`)).toBeVisible();
  await optIn.check();
  await expect(page.getByText('Reminder emails turned on.')).toBeVisible();
  await page.reload();
  await expect(optIn).toBeChecked();
  await optIn.uncheck();
  await expect(page.getByText('Reminder emails turned off.')).toBeVisible();
  await page.reload();
  await expect(optIn).not.toBeChecked();
});

test('settings: a test notification arrives live, by email once opted in, and a failure says so', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('test-notify', { type: 'general_health' });
  await signInAs(account);
  await page.goto('/dashboard/settings');
  const send = page.getByRole('button', { name: 'Send a test notification' });
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Test notification' });

  // Over the live stream: the toast and the header bell, with no reload.
  await send.click();
  await expect(toast).toContainText('Your reminders will reach you like this');
  await expect(page.getByRole('status').filter({ hasText: 'Sent.' })).toContainText(
    'Turn on the email option above to get reminders by email too.',
  );
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  await page.getByLabel('Also email me when a reminder is due').check();
  await expect(page.getByText('Reminder emails turned on.')).toBeVisible();
  await send.click();
  await expect(page.getByText(`an email is on its way to ${account.email}.`)).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(account.email)).map((m) => m.subject))
    .toContain('Test notification from Healthfolio');
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  await page.route('**/api/v1/notifications/test', (route) => route.fulfill({ status: 503 }));
  await send.click();
  const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to Send' });
  await expect(failed).toContainText('Could not send the notification. Please try again.');
  await expect(failed).toHaveAttribute('data-type', 'error');
});
