import { expect, test } from '../../support/fixtures';
import { TRACKING_BROWSER, toast } from './tracking';

test.use(TRACKING_BROWSER);

test('the weight unit starts in kg for someone who logs in kg, instead of going back to lbs', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('weight-unit', { type: 'general_health' }));
  await page.goto('/dashboard/trackers/weight');
  const open = async () => {
    await page.getByRole('button', { name: 'Log Weight' }).first().click();
    return page.getByRole('dialog', { name: 'Log Weight' });
  };

  // Nothing logged and no goal: the spec's lbs.
  let dialog = await open();
  await expect(dialog.getByLabel('Unit')).toHaveValue('lbs');
  await dialog.getByLabel('Unit').selectOption('kg');
  await dialog.getByLabel('Weight', { exact: true }).fill('24.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved Weight')).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await open();
  await expect(dialog.getByLabel('Unit')).toHaveValue('kg');
  // After a reload too (nothing kept in the page): it comes from the last weight logged.
  await page.keyboard.press('Escape');
  await page.reload();
  dialog = await open();
  await expect(dialog.getByLabel('Unit')).toHaveValue('kg');
});
