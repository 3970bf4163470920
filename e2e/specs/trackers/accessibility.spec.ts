import type { Page } from '@playwright/test';
import type { Account } from '../../support/accounts';
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { isoAt, postEntry, TRACKING_BROWSER } from './tracking';

test.use(TRACKING_BROWSER);

// One account with one entry of every tracker, so lists, badges and charts are checked filled in
// (on the three days before today: 10:00 today is still ahead before 10:00 UTC, and refused).
let account: Account | undefined;
const ensureAccount = async (page: Page, make: () => Promise<Account>) => {
  if (account) return account;
  account = await make();
  await page.context().addCookies(account.cookies);
  await page.goto('/dashboard/log-data');
  const entries = [
    { tracker: 'blood-glucose', data: { glucose: 118, timing: 'fasting' } },
    { tracker: 'blood-pressure', data: { systolic: 121, diastolic: 79 } },
    { tracker: 'weight', data: { weight: 70.5, weightUnit: 'kg' } },
    { tracker: 'meal', data: { mealType: 'dinner', calories: 540, value: 'Soup' } },
    { tracker: 'mood-energy', data: { mood: 4, energy: 3, stress: 2 } },
    { tracker: 'pain', data: { painIntensity: 3, painLocation: 'neck' } },
    { tracker: 'journal', data: { value: 'Quiet day.' } },
    { tracker: 'medication', data: { value: 'Vitamin D' } },
  ];
  for (const [i, e] of entries.entries())
    await postEntry(page, { ...e, occurredAt: isoAt((i % 3) + 1, '10:00'), notes: 'Checked' });
  return account;
};

/** Opens a screen, waits for what shows it is loaded, and runs axe. */
const check = async (page: Page, path: string, ready: string | RegExp) => {
  await page.goto(path);
  await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
};

const TRACKER_SCREENS = [
  ['blood-glucose', '118 mg/dL'],
  ['blood-pressure', '121/79 mmHg'],
  ['weight', '70.5 kg'],
  ['meal', 'Dinner'],
  ['mood-energy', 'Mood 4/5'],
  ['pain', '3/10'],
  ['journal', 'Quiet day.'],
  ['medication', 'Vitamin D'],
] as const;

// Dialogs look the same on a phone, and every tracker screen is one component: the phone checks the
// layout (navigation, lists, a chart) on the screens that differ, not every tracker again.
for (const { name, viewport, everything } of [
  { name: 'desktop', viewport: DESKTOP, everything: true },
  { name: 'phone', viewport: PHONE, everything: false },
]) {
  test.describe(`tracking screens have no axe violations (${name})`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page, newAccount, signInAs }) => {
      await signInAs(
        await ensureAccount(page, () => newAccount('tracking-a11y', { type: 'general_health' })),
      );
    });

    test('log data, with its dialogs open', async ({ page }) => {
      await check(page, '/dashboard/log-data', 'What would you like to log?');
      if (!everything) return;
      // The open log dialog with the most fields: sliders, selects and a checkbox group.
      await page.getByRole('button', { name: 'Mood & Energy', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Log Mood & Energy' });
      await expect(dialog.getByRole('slider', { name: 'Mood' })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // And with its inline errors.
      await page.getByRole('button', { name: 'Journal Entry', exact: true }).click();
      const journal = page.getByRole('dialog', { name: 'Log Journal Entry' });
      await journal.getByRole('button', { name: 'Save' }).click();
      await expect(journal.getByText('Write your journal entry')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('track data, an entry’s details and all entries', async ({ page }) => {
      await check(page, '/dashboard/track-data', 'Recent Entries');
      await expect(page.getByRole('list', { name: 'Recent entries' }).getByRole('listitem')).toHaveCount(8);
      if (everything) {
        // The details dialog, and its delete confirmation.
        await page.getByRole('button', { name: /^Pain, 3\/10, / }).click();
        const details = page.getByRole('dialog', { name: 'Pain Details' });
        await details.getByRole('button', { name: 'Delete' }).click();
        await expect(details.getByRole('alert')).toBeVisible();
        await expectNoAxeViolations(page);
        await details.getByRole('button', { name: 'Keep entry' }).click();
        await page.keyboard.press('Escape');
        // Focus goes back to the entry that opened the dialog.
        await expect(page.getByRole('button', { name: /^Pain, 3\/10, / })).toBeFocused();
      }
      await check(page, '/dashboard/track-data/all', 'Vitamin D');
    });

    test('the tracker screens', async ({ page }) => {
      const screens = everything
        ? TRACKER_SCREENS
        : TRACKER_SCREENS.filter(([t]) => t === 'blood-glucose' || t === 'journal');
      for (const [tracker, value] of screens) await check(page, `/dashboard/trackers/${tracker}`, value);
    });

    test('a trend with its chart, and achievements', async ({ page }) => {
      await check(page, '/dashboard/trackers/blood-pressure/trends', /^1 entry in mmHg\. Latest/);
      await check(page, '/dashboard/achievements', 'Your achievements');
    });
  });
}
