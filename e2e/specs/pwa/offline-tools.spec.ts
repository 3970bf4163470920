import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { saveInsulinSettings } from '../dosing/insulin-settings';
import { controlled, goOffline, savedOnDevice } from './offline-helpers';

test.use({ locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

const calculate = async (page: Page, glucose: string, carbs: string) => {
  await page.getByLabel('Current glucose (mg/dL)').fill(glucose);
  await page.getByLabel('Carbs (g)').fill(carbs);
};

test('offline, the dose calculator works from saved data, counts doses kept on the device, and refuses once the data is stale', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('offline-dosing', { type: 'diabetes_focused' }));
  // Carb ratio 15, correction factor 50, target 120, maximum 15 units.
  await saveInsulinSettings(page);
  await controlled(page);
  // Saved on the device once the settings came back from the server (after they were logged).
  const [settings] = (await (await page.request.get('/api/v1/entries?tracker=insulin-settings')).json())
    .items;
  const settingsSaved = new Date(settings.occurredAt).toISOString();
  await expect
    .poll(async () => (await savedOnDevice(page)).savedAt.some((at) => at >= settingsSaved))
    .toBe(true);

  await goOffline(context, page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Showing what was saved on this device' }),
  ).toBeVisible();
  await calculate(page, '220', '45');
  const result = page.getByRole('region', { name: 'Calculated dose' });
  await expect(result).toContainText('Total insulin5.0 units');
  await page.getByRole('button', { name: 'Log dose' }).click();
  await expect(toast(page, 'Insulin dose kept on this device: 5.0 units')).toBeVisible();
  // The dose waiting on this device counts as insulin on board: the next correction is taken off.
  await calculate(page, '220', '45');
  const iob = page.getByRole('region', { name: 'Adjusted for insulin on board' });
  await expect(iob).toContainText('Insulin on board5.0 units');
  await expect(iob).toContainText('Total after IOB3.0 units');

  // Twenty minutes on, still offline: what was saved may miss a dose logged elsewhere since.
  await page.clock.setFixedTime(Date.now() + 20 * 60_000);
  await page.reload();
  await calculate(page, '220', '45');
  const refused = page.getByRole('alert', { name: 'No dose suggested' });
  await expect(refused).toContainText('No dose suggested: your insulin data is out of date');
  await expect(refused).toContainText(/last updated at \d{1,2}:\d\d/);
  await expect(result).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log dose' })).toHaveCount(0);
  // The low's treatment steps need no data: they still show first.
  await page.getByLabel('Current glucose (mg/dL)').fill('60');
  await expect(page.getByRole('alert').filter({ hasText: 'Low glucose: no dose suggested' })).toContainText(
    'Treat the low first',
  );

  // Back online, the data is read again; the dose kept by the page before the reload cannot be
  // opened, and it may be a dose: still no suggestion until it is dealt with.
  await context.setOffline(false);
  await calculate(page, '220', '45');
  await expect(refused).toContainText('an entry kept on this device could not be opened');
  const waiting = page.getByRole('region', { name: 'Entries waiting to be sent' });
  await waiting.getByRole('button', { name: 'Discard it' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(result).toContainText('Total insulin5.0 units');

  // The carb counter offline: the built-in foods, a meal kept on the device.
  await context.setOffline(true);
  await page.goto('/dashboard/carb-counter');
  await expect(
    page.getByText('You are offline: estimating carbs from a photo needs the connection.'),
  ).toBeVisible();
  await page.getByLabel('Search foods').fill('apple');
  await page
    .getByRole('button', { name: /^Add .*apple/i })
    .first()
    .click();
  await page.getByRole('button', { name: /log meal/i }).click();
  await expect(toast(page, 'Meal kept on this device')).toBeVisible();
});
