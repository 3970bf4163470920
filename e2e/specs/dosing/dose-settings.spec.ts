import { calculateInsulinDose } from '../../../core/src/glucose/insulin';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { CARE_TEAM_SETTINGS, saveInsulinSettings } from './insulin-settings';

test('without saved settings the calculator shows no dose, only the settings form with the care-team line; 1,000 g of carbs is a field error', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('dose-unsaved', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/insulin-calculator');
  await expect(page.getByText('No dose is suggested until you save your own settings.')).toBeVisible();
  await expect(page.getByText(/These come from your care team/)).toBeVisible();
  // Nothing is filled in for the user, and there is nothing to calculate or log with.
  await expect(page.getByLabel('Carb ratio (g per unit)')).toHaveValue('');
  await expect(page.getByLabel('Maximum single dose (units)')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toHaveCount(0);
  await expect(page.getByLabel('Current glucose (mg/dL)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log dose' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Saving without the insulin type and maximum is refused on the form.
  await page.getByLabel('Carb ratio (g per unit)').fill('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Choose the insulin type')).toBeVisible();
  await expect(page.getByText('Enter the maximum as a number of units')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toHaveCount(0);

  // The home screen's Log Insulin dialog offers the same form, never a dose.
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /Log Insulin/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Log Insulin' });
  await expect(dialog).toContainText('No dose is suggested until you save your own insulin settings.');
  await expect(dialog.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log dose' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await saveInsulinSettings(page);
  await page.getByLabel('Current glucose (mg/dL)').fill('150');
  const carbs = page.getByLabel('Carbs (g)');
  await carbs.fill('1000');
  await expect(page.getByText('Carbs must be between 0 and 300 g')).toBeVisible();
  await expect(carbs).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Calculated dose' })).not.toContainText('units');
  await expect(page.getByRole('button', { name: 'Log dose' })).toBeDisabled();
  await carbs.fill('-5');
  await expect(page.getByText('Carbs must be between 0 and 300 g')).toBeVisible();
  await carbs.fill('60');
  const dose = calculateInsulinDose({ glucoseMgdl: 150, carbs: 60 }, CARE_TEAM_SETTINGS);
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toContainText(
    `Total insulin${dose.totalInsulin.toFixed(1)} units`,
  );
  await expect(page.getByRole('button', { name: 'Log dose' })).toBeEnabled();
});

test('a suggestion above the maximum shows as refused with the maximum and cannot be logged; the alert follows the maximum', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('dose-max', { type: 'diabetes_focused' }));
  const settings = { ...CARE_TEAM_SETTINGS, carbRatio: 10, maxSingleDose: 8 };
  await saveInsulinSettings(page, settings);
  const result = page.getByRole('region', { name: 'Calculated dose' });

  // 60 g at 10 g per unit = 6 units: above two thirds of 8 (5.3), so the High Dose Alert shows.
  await page.getByLabel('Carbs (g)').fill('60');
  await expect(result).toContainText('Total insulin6.0 unitsHigh dose');
  await expect(page.getByRole('alert').filter({ hasText: 'High Dose Alert' })).toContainText(
    'This dose is above 5.3 units',
  );

  // 300 mg/dL and 60 g: 6 + 3.6 = 9.6 units, above the maximum of 8.
  await page.getByLabel('Current glucose (mg/dL)').fill('300');
  const big = calculateInsulinDose({ glucoseMgdl: 300, carbs: 60 }, settings);
  expect(big.totalInsulin).toBeGreaterThan(8);
  await expect(result).toContainText(
    `Total insulin${big.totalInsulin.toFixed(1)} unitsRefused: above your maximum`,
  );
  const refused = page.getByRole('alert').filter({ hasText: 'Refused' });
  await expect(refused).toContainText(`Refused: ${big.totalInsulin.toFixed(1)} units cannot be logged`);
  await expect(refused).toContainText('This dose is above your maximum single dose of 8 units.');
  await expect(page.getByRole('button', { name: 'Log dose' })).toBeDisabled();
  await expectNoAxeViolations(page);
});
