import { DESKTOP, expect, PHONE, test } from '../../support/fixtures';
import { day, dosesOn, MEDICATION_BROWSER, openMedicationSetup, postSchedule, toast } from './medications';

test.use(MEDICATION_BROWSER);

test("a past dose is overdue, and the dashboard shows today's doses", async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('meds-status', { type: 'general_health' }));
  // A fixed-offset zone where it is about noon now, so midnight and 23:59 are hours away whenever
  // the suite runs (Etc/GMT+N is N hours behind UTC).
  const offset = Math.min(14, Math.max(-12, 12 - new Date().getUTCHours()));
  const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  const patched = await page.request.patch('/api/v1/profile', {
    data: { timezone: zone },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  const localDay = (days: number) => day(days, offset);
  await page.goto('/dashboard');
  await expect(page.getByText('No medications scheduled for today.')).toBeVisible();

  // Yesterday and today at the first and last minute of the day: midnight has passed, 23:59 has not.
  const { created } = await postSchedule(page, {
    medicationName: 'Lisinopril',
    dosage: '10 mg',
    dailyTimes: ['23:59', '00:00'],
    startDate: localDay(-1),
    endDate: localDay(0),
  });
  expect(created).toBe(4);

  await page.reload();
  const today = page.getByRole('list', { name: "Today's doses" }).getByRole('listitem');
  await expect(today).toHaveCount(2);
  await expect(today.nth(0)).toContainText(/12:00\sAM/);
  await expect(today.nth(0)).toContainText('Lisinopril');
  await expect(today.nth(0)).toContainText('10 mg');
  await expect(today.nth(0)).toContainText('Overdue');
  await expect(today.nth(1)).toContainText(/11:59\sPM/);
  await expect(today.nth(1)).toContainText('Pending');
  // The card reads the same on a phone.
  await page.setViewportSize(PHONE);
  await expect(today.nth(1)).toBeInViewport({ ratio: 0.5 });
  await expect(today.nth(1)).toContainText(/11:59\sPM/);
  await page.setViewportSize(DESKTOP);

  await openMedicationSetup(page);
  const yesterday = dosesOn(page, 'Yesterday').getByRole('listitem');
  await expect(yesterday).toHaveCount(2);
  await expect(yesterday.nth(0)).toContainText('Overdue');
  await expect(yesterday.nth(1)).toContainText('Overdue');
  // Overdue is still open: it can be taken late.
  await yesterday
    .nth(1)
    .getByRole('button', { name: /^Taken/ })
    .click();
  await expect(toast(page, 'Medication marked as taken')).toBeVisible();
  await expect(yesterday.nth(1)).toContainText('Taken');
  await expect(dosesOn(page, 'Today').getByRole('listitem')).toHaveCount(2);
});

test('load, save and answer failures say so', async ({ page, newAccount, signInAs }) => {
  await signInAs(await newAccount('meds-errors', { type: 'general_health' }));
  // Midnight today (UTC) is past: the dose can be answered.
  await postSchedule(page, { medicationName: 'Aspirin', dosage: '81 mg', dailyTimes: ['00:00'] });

  await page.route('**/api/v1/medications/doses?*', (route) => route.abort());
  await openMedicationSetup(page);
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to load medications' });
  await expect(failed).toContainText('Error');
  await page.unroute('**/api/v1/medications/doses?*');
  await failed.getByRole('button', { name: 'Try again' }).click();
  const today = dosesOn(page, 'Today').getByRole('listitem');
  await expect(today).toHaveCount(1);

  await page.route('**/api/v1/medications/doses/*/take', (route) => route.fulfill({ status: 500 }));
  await page.route('**/api/v1/medications/doses/*/skip', (route) => route.fulfill({ status: 500 }));
  await today.getByRole('button', { name: /^Taken/ }).click();
  await expect(toast(page, 'Failed to update medication status')).toBeVisible();
  await today.getByRole('button', { name: /^Skip/ }).click();
  await expect(toast(page, 'Failed to skip dose')).toBeVisible();
  await expect(today).toContainText('Overdue');

  await page.route('**/api/v1/medications/schedules', (route) => route.fulfill({ status: 500 }));
  await page.getByRole('button', { name: 'Add Medication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medication' });
  await dialog.getByLabel('Medication name').fill('Aspirin');
  await dialog.getByLabel('Dosage').fill('81 mg');
  await dialog.getByLabel('Time to add').fill('09:00');
  await dialog.getByRole('button', { name: 'Add Time' }).click();
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expect(toast(page, 'Error', 'Failed to create medication reminders')).toBeVisible();
  // The form stays open with what was typed, to try again.
  await expect(dialog.getByLabel('Medication name')).toHaveValue('Aspirin');
});
