import { adminTotp, freshTotpCode } from '../../support/accounts';
import { expect, expectNoAxeViolations, PASSWORD, test } from '../../support/fixtures';

test('Delete my account: the dialog says what goes, asks for the password, signs out; the old password no longer signs in', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount('leaver', { type: 'general_health' });
  await signInAs(account);
  await page.goto('/dashboard/settings');

  const card = page.getByRole('region', { name: 'Delete my account' });
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('your documents, meal photos, visit packets and insurance records');
  await expect(dialog).toContainText('signed in within the last 10 minutes');
  await expectNoAxeViolations(page);

  // No password typed: asked for it, not told it is wrong.
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter your password to delete your account.');

  // A wrong password: told so, nothing deleted.
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');

  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account and everything in it have been deleted.')).toBeVisible();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /invalid|incorrect|not correct/i })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('An admin deletes an account from the user detail with their own password and code', async ({
  page,
  accounts,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const name = `Del Target ${Date.now().toString(36)}`;
  const target = await newAccount('admin-deletes', { type: 'general_health', name });
  await signInAs(await accounts.admin());
  await page.goto('/dashboard/admin-console?tab=users');
  await page.getByLabel('Search users by name or id').fill(name);
  await page.getByRole('button', { name: `Details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog
    .getByLabel('Code from your authenticator app, or a backup code')
    .fill(await freshTotpCode(adminTotp()));
  await dialog.getByRole('button', { name: 'Delete this account for good' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name}’s account and everything in it were deleted.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Users' }).getByText(name)).toHaveCount(0);

  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
    data: { email: target.email, password: target.password },
  });
  expect(signIn.status()).toBe(401);
});

test('A guardian deletes the record of someone they keep, confirmed like their own account', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('deletes-ward', { type: 'general_health' });
  await signInAs(account);
  const added = await page.request.post('/api/v1/household/people', {
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
    data: { displayName: 'Noa', platformMode: 'general_health' },
  });
  expect(added.status()).toBe(201);
  await page.goto('/dashboard/settings');
  const noa = page.getByRole('region', { name: 'Noa' });
  await noa.getByRole('button', { name: 'Delete Noa’s record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Noa’s record?' });
  await expect(dialog).toContainText('signed in within the last 10 minutes');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Noa’s record' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete Noa’s record' }).click();
  await expect(page.getByText('Noa’s record was deleted')).toBeVisible();
  await expect(noa).toHaveCount(0);
});
