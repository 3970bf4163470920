import { DESKTOP, expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { postEntry } from '../trackers/tracking';

test.use({ viewport: DESKTOP });

/** The first check after a page load: the alarms come from the API, which a loaded machine delays. */
const LOADED = { timeout: 45_000 };

test('a low reading sounds the Urgent low alarm on the Glucose Alerts page; a snooze shows there and in the history', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('glucose-alarms', { type: 'diabetes_focused', name: 'Ari Alarm' }));
  await page.goto('/dashboard');
  await postEntry(page, {
    tracker: 'blood-glucose',
    occurredAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    data: { glucose: 50 },
  });

  await page.goto('/dashboard/notifications');
  const card = page.getByRole('region', { name: 'Alarms' });
  const now = card.getByRole('region', { name: 'Now' });
  const sounding = now.getByRole('listitem').filter({ hasText: 'Urgent low' });
  await expect(sounding).toContainText('50 mg/dL', LOADED);
  await expect(sounding).toContainText('Not acknowledged yet.');

  // An urgent low snoozes 15 or 30 minutes, never longer.
  const snoozeFor = sounding.getByLabel('Snooze for');
  await expect(snoozeFor.locator('option')).toHaveText(['15 min', '30 min']);
  await snoozeFor.selectOption({ label: '30 min' });
  await sounding.getByRole('button', { name: 'Snooze' }).click();
  await expect(page.getByText('Snoozed for 30 min on every device')).toBeVisible();
  await expect(sounding).toContainText(/Snoozed until .+\. Acknowledged by Ari Alarm\./);

  const history = card.getByRole('region', { name: 'History' });
  const row = history.getByRole('listitem').filter({ hasText: 'Urgent low' });
  await expect(row).toContainText('Raised');
  await expect(row).toContainText('Shown in the app');
  await expect(row).toContainText('Acknowledged by Ari Alarm');
  await expect(row).toContainText('Snoozed until');
  await expectNoAxeViolations(page);
});

test('a person who reads mmol/L is told the alarm limits in mmol/L', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('glucose-alarms-mmol', { type: 'diabetes_focused', name: 'Mo Mmol' }));
  await page.goto('/dashboard');
  const res = await page.request.patch('/api/v1/profile', {
    data: { glucoseUnit: 'mmol/L' },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/dashboard/notifications');
  const card = page.getByRole('region', { name: 'Alarms' });
  await card.getByRole('button', { name: 'Alarm settings' }).click();
  const form = card.getByRole('form', { name: 'Alarm settings' });
  const low = form.getByLabel('Low below (mmol/L)');
  await expect(low).toHaveValue('3.9', LOADED);
  // 5.6 mmol/L is just over the 100 mg/dL allowed: the limit said is one the field accepts.
  await low.fill('5.6');
  await form.getByRole('button', { name: 'Save alarm settings' }).click();
  await expect(form).toContainText('Low must be at most 5.5 mmol/L');
  await expect(form).not.toContainText('mg/dL');
  await low.fill('5.5');
  await form.getByRole('button', { name: 'Save alarm settings' }).click();
  await expect(page.getByText('Alarm settings saved')).toBeVisible();
});
