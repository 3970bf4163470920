import { expect, test } from '../../support/fixtures';

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
