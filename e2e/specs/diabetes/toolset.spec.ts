import { carbsForPortion, FOODS } from '../../../core/src/foods/food-database';
import { estimatedAverageGlucose } from '../../../core/src/glucose/a1c';
import { calculateInsulinDose } from '../../../core/src/glucose/insulin';
import { formatGlucose, parseGlucoseInput } from '../../../core/src/units/glucose-units';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { CARE_TEAM_SETTINGS, saveInsulinSettings } from '../dosing/insulin-settings';
import { setGlucoseUnit } from './helpers';

const carbsPer100g = (name: string) => {
  const food = FOODS.find((f) => f.name === name);
  if (!food) throw new Error(`${name} is not in the food database`);
  return food.carbs_per_100g;
};

/** A toast with this text (sonner), as the user sees it. */
const toast = (page: import('@playwright/test').Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('carb counter to a logged meal, insulin high-dose alert and log, A1C add and trend; mmol/L followed', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(180_000);
  await signInAs(await newAccount('toolset', { type: 'diabetes_focused', name: 'Tom Toolset' }));

  await test.step('carb counter: search, add twice, edit a portion, log the meal', async () => {
    await page.goto('/dashboard/carb-counter');
    await expect(page.getByRole('button', { name: 'Log meal' })).toBeDisabled();
    await expect(page.getByText('Add at least one food to log a meal.')).toBeVisible();
    // Case-insensitive substring search; adding again adds 100 g.
    await page.getByLabel('Search foods').fill('BANANA');
    await page.getByRole('button', { name: 'Add Banana', exact: true }).click();
    await page.getByRole('button', { name: 'Add Banana', exact: true }).click();
    // Each portion field is named for its food.
    await expect(page.getByLabel('Portion of Banana (g)', { exact: true })).toHaveValue('200');
    await page.getByLabel('Search foods').fill('white bread');
    await page.getByRole('button', { name: 'Add White Bread', exact: true }).click();
    await page.getByLabel('Portion of White Bread (g)', { exact: true }).fill('50');
    const total =
      Math.round(
        (carbsForPortion(carbsPer100g('Banana'), 200) + carbsForPortion(carbsPer100g('White Bread'), 50)) *
          10,
      ) / 10;
    await expect(page.getByText('Total carbs').locator('..')).toContainText(`${total} g`);
    await page.getByLabel('Meal type').selectOption('lunch');
    await page.getByLabel('Notes').fill('Sandwich and fruit');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Log meal' }).click();
    await expect(toast(page, `Meal logged: ${total}g carbs`)).toBeVisible();

    // The meal is on the home screen's Meals tab.
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Meals' }).click();
    const meals = page.getByRole('tabpanel', { name: 'Meals' });
    await expect(meals).toContainText('Sandwich and fruit');
    await expect(meals).toContainText(`${total} g carbs`);
    await expect(meals.getByRole('button', { name: 'Log Meal' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('insulin calculator: refuses out-of-range input, alerts on a high dose, logs it', async () => {
    // No dose until the settings from the care team are saved.
    await saveInsulinSettings(page);
    const glucose = page.getByLabel('Current glucose (mg/dL)');
    await glucose.fill('700');
    await expect(page.getByText(/Glucose must be between/).first()).toBeVisible();
    await glucose.fill('250');
    await page.getByLabel('Carbs (g)').fill('150');
    const dose = calculateInsulinDose({ glucoseMgdl: 250, carbs: 150 }, CARE_TEAM_SETTINGS);
    // Above 10 units (orange, with the alert) and not above 15 (red).
    expect(dose.totalInsulin).toBeGreaterThan(10);
    expect(dose.totalInsulin).toBeLessThanOrEqual(15);
    const result = page.getByRole('region', { name: 'Calculated dose' });
    await expect(result).toContainText(`Meal insulin${dose.mealInsulin.toFixed(1)} units`);
    await expect(result).toContainText(`Correction${dose.correctionInsulin.toFixed(1)} units`);
    await expect(result).toContainText(`Total insulin${dose.totalInsulin.toFixed(1)} units`);
    await expect(result).toContainText(`${dose.totalInsulin.toFixed(1)} unitsHigh dose`);
    await expect(page.getByRole('alert').filter({ hasText: 'High Dose Alert' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Above 10 units the dose is logged only once the High Dose Alert is confirmed.
    await page.getByRole('button', { name: 'Log dose' }).click();
    await page
      .getByRole('alertdialog', { name: 'High Dose Alert' })
      .getByRole('button', { name: `Yes, log ${dose.totalInsulin.toFixed(1)} units` })
      .click();
    await expect(toast(page, `Insulin dose logged: ${dose.totalInsulin.toFixed(1)} units`)).toBeVisible();

    // A usual dose: no alert.
    await glucose.fill('110');
    await page.getByLabel('Carbs (g)').fill('30');
    const small = calculateInsulinDose({ glucoseMgdl: 110, carbs: 30 }, CARE_TEAM_SETTINGS);
    await expect(result).toContainText(`Total insulin${small.totalInsulin.toFixed(1)} units`);
    await expect(result).toContainText('Usual dose');
    await expect(page.getByText('High Dose Alert')).toHaveCount(0);
  });

  await test.step('A1C: required fields, add two readings, status, eAG and trend', async () => {
    await page.goto('/dashboard/a1c-tracker');
    await expect(page.getByText('No A1C readings yet. Add your first lab result.')).toBeVisible();
    await page.getByRole('button', { name: 'Add reading' }).click();
    await expect(toast(page, 'Please fill in required fields')).toBeVisible();

    await page.getByLabel('A1C (%)').fill('7.4');
    await page.getByLabel('Test date', { exact: true }).fill('2026-05-10');
    await page.getByRole('button', { name: 'Add reading' }).click();
    await expect(toast(page, 'A1C reading added successfully').first()).toBeVisible();
    await expect(page.getByText('Needs two readings')).toBeVisible();

    await page.getByLabel('A1C (%)').fill('6.8');
    await page.getByLabel('Test date', { exact: true }).fill('2026-10-01');
    await page.getByLabel('Lab name (optional)').fill('City Lab');
    await page.getByRole('button', { name: 'Add reading' }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();

    const latest = page.getByRole('heading', { name: 'Latest A1C' }).locator('xpath=../..');
    await expect(latest).toContainText('6.8%');
    // The value, the target and the eAG: no diagnosis word on a result (issue 30).
    await expect(latest).toContainText('TargetUnder the 7.0% target');
    await expect(latest).not.toContainText(/Normal|Prediabetes|Diabetes/);
    await expect(latest).toContainText(
      `Estimated average glucose${estimatedAverageGlucose(6.8, 'mg/dL').toFixed(0)} mg/dL`,
    );
    // 7.4 → 6.8: falling.
    await expect(latest).toContainText('TrendFalling');
    const history = page
      .getByRole('heading', { name: 'History' })
      .locator('xpath=../..')
      .getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText(
      `6.8% eAG ${estimatedAverageGlucose(6.8, 'mg/dL').toFixed(0)} mg/dL`,
    );
    await expect(history.first()).toContainText('City Lab');
    await expect(history.nth(1)).toContainText(
      `7.4% eAG ${estimatedAverageGlucose(7.4, 'mg/dL').toFixed(0)} mg/dL`,
    );
    await expect(page.getByRole('heading', { name: 'History' }).locator('xpath=../..')).not.toContainText(
      /Normal|Prediabetes|Diabetes/,
    );
    await expect(page.getByRole('figure', { name: /Line chart of A1C by test date/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('mmol/L: the calculator and the A1C tracker follow the unit', async () => {
    await setGlucoseUnit(page, 'mmol/L');
    await page.goto('/dashboard/insulin-calculator');
    await expect(page.getByLabel('Target glucose (mmol/L)')).toHaveValue(
      formatGlucose(CARE_TEAM_SETTINGS.targetGlucoseMgdl, 'mmol/L'),
    );
    await page.getByLabel('Current glucose (mmol/L)').fill('13.9');
    await page.getByLabel('Carbs (g)').fill('150');
    const mgdl = parseGlucoseInput('13.9', 'mmol/L');
    const dose = calculateInsulinDose({ glucoseMgdl: mgdl, carbs: 150 }, CARE_TEAM_SETTINGS, 'mmol/L');
    const result = page.getByRole('region', { name: 'Calculated dose' });
    await expect(result).toContainText(`Correction${dose.correctionInsulin.toFixed(1)} units`);
    await expect(result).toContainText(`Total insulin${dose.totalInsulin.toFixed(1)} units`);
    await expect(page.getByRole('alert').filter({ hasText: 'High Dose Alert' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/a1c-tracker');
    const latest = page.getByRole('heading', { name: 'Latest A1C' }).locator('xpath=../..');
    await expect(latest).toContainText(
      `Estimated average glucose${estimatedAverageGlucose(6.8, 'mmol/L').toFixed(1)} mmol/L`,
    );
  });
});
