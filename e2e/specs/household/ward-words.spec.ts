import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { logFromTile, TRACKING_BROWSER, toast } from '../trackers/tracking';

test.use(TRACKING_BROWSER);

/** A first check after a page load: a loaded machine delays the API. */
const LOADED = { timeout: 30_000 };
const HEADER = 'X-Healthfolio-Person';

/** The person switcher of the header: opens its menu and chooses someone. */
const actFor = async (page: Page, from: string, to: string) => {
  await page.getByRole('button', { name: `${from}: switch person` }).click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${to}`) }).click();
  await expect(page.getByText(`Acting for ${to}`)).toBeVisible(LOADED);
};

/**
 * While a guardian acts for a ward, the log screens (their alerts, streaks, empty states and form
 * errors) and the glucose analytics speak of the ward by name ("If Mia has chest pain ...", "Add Mia’s
 * first weight measurement"), and every time zone is in words ("Eastern Time (New York)"), never an
 * IANA id.
 */
test('acting for Mia: her alerts, patterns and time zone in words', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(180_000);
  await signInAs(await newAccount('ward-words', { type: 'general_health', name: 'Pat Words' }));
  const added = await page.request.post('/api/v1/household/people', {
    data: { displayName: 'Mia', platformMode: 'diabetes_focused', glucoseUnit: 'mg/dL' },
  });
  expect(added.status()).toBe(201);
  const mia = { [HEADER]: ((await added.json()) as { id: string }).id };
  const zone = await page.request.patch('/api/v1/profile', {
    headers: mia,
    data: { timezone: 'America/New_York' },
  });
  expect(zone.status(), await zone.text()).toBe(200);
  // Eleven after-meal readings above 200 mg/dL over the last days: the post-meal spikes pattern.
  for (let i = 1; i <= 11; i++) {
    const res = await page.request.post('/api/v1/entries', {
      headers: mia,
      data: {
        tracker: 'blood-glucose',
        occurredAt: new Date(Date.now() - i * 86_400_000).toISOString(),
        data: { glucose: 250, timing: 'after_meal' },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/dashboard');
  await actFor(page, 'Pat Words', 'Mia');

  await test.step('a crisis-level blood pressure logged for Mia says what to do for her', async () => {
    const dialog = await logFromTile(page, 'Blood Pressure');
    await expect(dialog.getByText('Time zone: Eastern Time (New York)')).toBeVisible();
    await dialog.getByLabel('Systolic (mmHg)').fill('185');
    await dialog.getByLabel('Diastolic (mmHg)').fill('125');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const alert = toast(page, 'Hypertensive crisis level for Mia: what to do now');
    await expect(alert).toContainText(
      /If Mia has chest pain, shortness of breath, .* now\. Otherwise have Mia sit quietly for 5 minutes and measure again\. .* contact Mia’s doctor right away; .* Saved: 185\/125 mmHg\./,
    );
    await expect(alert).not.toContainText('If you have');
    await alert.getByRole('button', { name: /close/i }).click();
  });

  await test.step('an urgent low logged for Mia says what to give her', async () => {
    const dialog = await logFromTile(page, 'Blood Glucose');
    await dialog.getByLabel('Blood glucose (mg/dL)').fill('45');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The log's alert, or the follow-up notice that replaces it: both tell the guardian what to do for Mia.
    const toasts = page.locator('[data-sonner-toast]');
    await expect(toasts.filter({ hasText: 'Give Mia 15 g of fast-acting carbs now' })).toBeVisible(LOADED);
    await expect(toasts.filter({ hasText: /Take 15 g|If you cannot eat/ })).toHaveCount(0);
  });

  await test.step('her log screens speak of her record, not "your"', async () => {
    await page.goto('/dashboard/log-data');
    await expect(page.getByText('Mia’s longest streak; beat it by logging every day')).toBeVisible(LOADED);
    await page.goto('/dashboard/trackers/weight');
    await expect(page.getByRole('link', { name: 'Add Mia’s first weight measurement' })).toBeVisible(LOADED);
    await page.getByRole('button', { name: 'Log Weight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Weight' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter Mia’s weight')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/dashboard/achievements');
    await expect(page.getByRole('heading', { name: 'Mia’s achievements', exact: true })).toBeVisible(LOADED);
    await expect(page.getByText('Days are counted in Mia’s time zone.')).toBeVisible();
    await expect(page.getByText(/\byour (streak|achievements|first)\b/i)).toHaveCount(0);
  });

  await test.step('her glucose patterns and analytics name her and her time zone in words', async () => {
    await page.goto('/dashboard/pattern-analysis');
    await expect(page.getByText('Many of Mia’s after-meal readings are above 200 mg/dL.')).toBeVisible(
      LOADED,
    );
    await page.getByRole('tab', { name: 'Time of Day' }).click();
    await expect(page.getByText(/in mg\/dL, in Eastern Time \(New York\)\.$/)).toBeVisible();
    await page.goto('/dashboard/detailed-analytics');
    await expect(page.getByText(/· times in Eastern Time \(New York\)$/)).toBeVisible(LOADED);
    await page.goto('/dashboard/glucose-trends');
    await page.getByRole('button', { name: '30 Days' }).click();
    await expect(page.getByText(/percentiles by time of day \(Eastern Time \(New York\)\)\.$/)).toBeVisible(
      LOADED,
    );
    await expect(page.getByText(/America\/New.York/)).toHaveCount(0);
  });

  await test.step('her profile’s zone picker shows zones in words, by region', async () => {
    await page.goto('/dashboard/settings');
    const picker = page.getByLabel('Time zone');
    await expect(picker.locator('option:checked')).toHaveText('Eastern Time (New York)', LOADED);
    await expect.poll(() => picker.locator('option').count(), LOADED).toBeGreaterThan(100);
    const labels = await picker.locator('option').allTextContents();
    expect(labels.filter((l) => /[/_]/.test(l))).toEqual([]);
    await expect(picker.locator('optgroup[label="Americas"] option[value="America/New_York"]')).toHaveText(
      'Eastern Time (New York)',
    );
  });
});
