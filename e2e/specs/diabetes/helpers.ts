import type { Locator, Page } from '@playwright/test';
import type { GlucoseUnit } from '../../../core/src/profiles/profile.schema';
import { expect } from '../../support/fixtures';

/** A reading as the import writes it: an instant and a value in mg/dL. */
export interface Reading {
  at: number;
  mgdl: number;
}

/** An upload for setInputFiles. */
export type Upload = string | { name: string; mimeType: string; buffer: Buffer };

/** The file-read and batch upload take a while on a loaded machine. */
export const IMPORT_TIMEOUT = 120_000;

/** Chooses a file on the import screen and waits for its preview. */
export const chooseImportFile = async (page: Page, file: Upload) => {
  await page.goto('/dashboard/glucose-import');
  await page.getByLabel('CSV file').setInputFiles(file);
  await expect(page.getByText(/^Preview of /)).toBeVisible({ timeout: IMPORT_TIMEOUT });
};

/** Presses the import button and returns the completion message once the import is done. */
export const runImport = async (page: Page, readings: number) => {
  await page
    .getByRole('button', { name: `Import ${readings.toLocaleString('en-US')} readings` })
    .click({ timeout: IMPORT_TIMEOUT });
  const done = page.getByRole('status').filter({ hasText: 'Import complete' });
  await expect(done).toBeVisible({ timeout: IMPORT_TIMEOUT });
  return done;
};

/** A value of the preview's definition list ("Rows found" → "2,148"). */
export const previewValue = (page: Page, term: string) =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** A stat card (title, value, detail) found by its heading. */
export const statCard = (scope: Page | Locator, title: string): Locator =>
  scope.getByRole('heading', { name: title, exact: true, level: 2 }).locator('xpath=../..');

/** Changes the glucose unit in Settings, as a user would. */
export const setGlucoseUnit = async (page: Page, unit: GlucoseUnit) => {
  await page.goto('/dashboard/settings');
  await page.getByLabel('Glucose unit').selectOption(unit);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
};

/** en-US grouping, as the screens show counts ("2,148"). */
export const count = (n: number) => n.toLocaleString('en-US');
