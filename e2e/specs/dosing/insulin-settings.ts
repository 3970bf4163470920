import type { Page } from '@playwright/test';
import type { InsulinSettings } from '../../../core/src/glucose/insulin';
import { formatGlucose } from '../../../core/src/units/glucose-units';
import { expect } from '../../support/fixtures';

/** The settings a user's care team gave them, as the e2e specs save them. */
export const CARE_TEAM_SETTINGS: InsulinSettings & { maxSingleDose: number } = {
  carbRatio: 15,
  correctionFactor: 50,
  targetGlucoseMgdl: 120,
  maxSingleDose: 15,
};

/** Saves insulin settings through the calculator's settings form, as the user does (mg/dL screens). */
export const saveInsulinSettings = async (page: Page, settings = CARE_TEAM_SETTINGS, diaHours = 5) => {
  await page.goto('/dashboard/insulin-calculator');
  await page.getByLabel('Carb ratio (g per unit)').fill(String(settings.carbRatio));
  await page
    .getByLabel('Correction factor (mg/dL per unit)')
    .fill(formatGlucose(settings.correctionFactor, 'mg/dL'));
  await page.getByLabel('Target glucose (mg/dL)').fill(formatGlucose(settings.targetGlucoseMgdl, 'mg/dL'));
  await page.getByLabel('Insulin type').selectOption('rapid-acting');
  await page.getByLabel('Duration of insulin action (hours)').fill(String(diaHours));
  await page.getByLabel('Maximum single dose (units)').fill(String(settings.maxSingleDose));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Insulin settings saved' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toBeVisible();
};
