import { expect, PHONE, test } from '../../support/fixtures';

test.use({ viewport: PHONE });

test('a phone reaches the secondary areas from the home screen', async ({ page, accounts, signInAs }) => {
  await signInAs(await accounts.general());
  await page.goto('/dashboard');
  const more = page.getByRole('navigation', { name: 'More' });
  for (const name of ['Appointments', 'Notifications', 'Notes', 'Alerts', 'Documents'])
    await expect(more.getByRole('link', { name })).toBeVisible();
  await more.getByRole('link', { name: 'Notes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('in diabetes mode the phone home lists the tools and the renamed areas', async ({
  page,
  accounts,
  signInAs,
}) => {
  await signInAs(await accounts.diabetes());
  await page.goto('/dashboard');
  const more = page.getByRole('navigation', { name: 'More' });
  await expect(more.getByRole('link', { name: 'Carb Counter' })).toBeVisible();
  await expect(more.getByRole('link', { name: 'Endo Visits' })).toBeVisible();
  await more.getByRole('link', { name: 'Glucose Alerts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Glucose Alerts' })).toBeVisible();
});

test('the desktop home has the sidebar instead', async ({ page, accounts, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(await accounts.general());
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Secondary' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'More' })).toHaveCount(0);
});
