import { request } from '@playwright/test';
import { calculateInsulinDose } from '../../../core/src/glucose/insulin';
import { adjustForInsulinOnBoard, iobFraction } from '../../../core/src/glucose/insulin-on-board';
import { type Account, baseURL } from '../../support/accounts';
import { expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { CARE_TEAM_SETTINGS, saveInsulinSettings } from './insulin-settings';

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Logs an insulin dose through the API, as another device would. */
const logDoseByApi = async (account: Account, minutesAgo: number, correction: number) => {
  const api = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Origin: baseURL() },
    storageState: { cookies: account.cookies, origins: [] },
  });
  try {
    const res = await api.post('/api/v1/entries', {
      data: {
        tracker: 'insulin',
        occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        data: { meal_insulin: 0, correction_insulin: correction, total_insulin: correction },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await api.dispose();
  }
};

test('a low glucose suggests no dose, says to treat it first, and its follow-up alert arrives live', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('dosing-low', { type: 'diabetes_focused' }));
  await saveInsulinSettings(page);
  await page.getByLabel('Carbs (g)').fill('45');
  const glucose = page.getByLabel('Current glucose (mg/dL)');

  // 70 is not low: the dose shows.
  await glucose.fill('70');
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toContainText('Total insulin3.0 units');
  await expect(page.getByText('Low glucose: no dose suggested')).toHaveCount(0);

  // 45 is an urgent low, headed in the words every screen labels it with; still no dose.
  await glucose.fill('45');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Urgent low glucose: no dose suggested' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toHaveCount(0);

  // 69 is: no dose at all, and the treat-first advice.
  await glucose.fill('69');
  await expect(page.getByText('Urgent low glucose: no dose suggested')).toHaveCount(0);
  const guard = page.getByRole('alert').filter({ hasText: 'Low glucose: no dose suggested' });
  await expect(guard).toContainText(
    'Treat the low first: take 15 g of fast-acting carbs (juice, glucose tablets) and re-check in 15 minutes.',
  );
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log dose' })).toHaveCount(0);
  await expect(
    page.getByText('This is an estimate from your own settings, not medical advice.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Starting the follow-up logs the reading; the alert comes back over the live stream at once.
  await guard.getByRole('button', { name: 'Log this reading and start the follow-up' }).click();
  await expect(guard.getByRole('status')).toContainText(
    'Follow-up started: we will remind you to re-check at',
  );
  await expect(toast(page, 'Low glucose')).toContainText('Your glucose was 69 mg/dL (Low) at');

  // Settings show it running, with the switch on.
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Follow up on low glucose readings')).toBeChecked();
  await expect(page.getByRole('list', { name: 'Latest follow-ups' })).toContainText('69 mg/dL');
  await expect(page.getByRole('list', { name: 'Latest follow-ups' })).toContainText('Running');
});

test('a correction still on board warns of stacking; a large dose needs the High Dose Alert confirmed, and one above the maximum cannot be logged', async ({
  page,
  newAccount,
  signInAs,
}) => {
  // On a phone: the two results, the warning and the choice of dose must fit 375 px.
  await page.setViewportSize(PHONE);
  const account = await newAccount('dosing-stack', { type: 'diabetes_focused' });
  await signInAs(account);
  await saveInsulinSettings(page);
  await logDoseByApi(account, 40, 2);
  await page.reload();
  await page.getByLabel('Current glucose (mg/dL)').fill('250');
  await page.getByLabel('Carbs (g)').fill('150');

  const stacking = page.getByRole('alert').filter({ hasText: 'Insulin stacking warning' });
  await expect(stacking).toContainText('You logged 2.0 units including a correction at');
  await expect(stacking).toContainText('(40 min ago)');
  // Rapid-acting, 5 h: what is left of 2 units after 40 minutes, by the oref0 curve.
  const iob = 2 * iobFraction(40, { curve: 'rapid-acting', diaHours: 5 });
  await expect(stacking).toContainText(`${iob.toFixed(1)} units of it are still on board`);

  const plain = calculateInsulinDose({ glucoseMgdl: 250, carbs: 150 }, CARE_TEAM_SETTINGS);
  const adjusted = adjustForInsulinOnBoard(plain, iob);
  const withIob = page.getByRole('region', { name: 'Adjusted for insulin on board' });
  await expect(withIob).toContainText(`Insulin on board${adjusted.iob.toFixed(1)} units`);
  await expect(withIob).toContainText(`Correction after IOB${adjusted.correctionAfterIob.toFixed(1)} units`);
  await expect(withIob).toContainText(`Total after IOB${adjusted.totalAfterIob.toFixed(1)} units`);
  await expect(page.getByRole('region', { name: 'Calculated dose' })).toContainText(
    `Total insulin${plain.totalInsulin.toFixed(1)} units`,
  );
  await expectNoAxeViolations(page);

  // Log the plain result (12.6 units): only after confirming the High Dose Alert.
  await page.getByRole('radio', { name: `Plain formula (${plain.totalInsulin.toFixed(1)} units)` }).check();
  await page.getByRole('button', { name: 'Log dose' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'High Dose Alert' });
  await expect(dialog).toContainText(`You are about to log ${plain.totalInsulin.toFixed(1)} units`);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Log dose' }).click();
  await dialog.getByRole('button', { name: `Yes, log ${plain.totalInsulin.toFixed(1)} units` }).click();
  await expect(toast(page, `Insulin dose logged: ${plain.totalInsulin.toFixed(1)} units`)).toBeVisible();
  const log = page.getByRole('list', { name: 'Logged doses' }).getByRole('listitem');
  await expect(log.first()).toContainText(`${plain.totalInsulin.toFixed(1)} units`);
  await expect(log.first()).toContainText(/Insulin on board then: \d+\.\d units/);
  await expect(log.nth(1)).toContainText('Insulin on board then: 0.0 units');

  // Above the 15-unit maximum: shown as refused before anything can be logged.
  await page.getByLabel('Current glucose (mg/dL)').fill('400');
  await page.getByLabel('Carbs (g)').fill('200');
  const big = calculateInsulinDose({ glucoseMgdl: 400, carbs: 200 }, CARE_TEAM_SETTINGS);
  expect(big.totalInsulin).toBeGreaterThan(15);
  await page.getByRole('radio', { name: `Plain formula (${big.totalInsulin.toFixed(1)} units)` }).check();
  const refused = page.getByRole('alert').filter({ hasText: 'Refused' });
  await expect(refused).toContainText('above your maximum single dose of 15 units');
  await expect(page.getByRole('button', { name: 'Log dose' })).toBeDisabled();
});
