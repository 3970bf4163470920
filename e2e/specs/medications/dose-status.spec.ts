import { DESKTOP, expect, PHONE, test } from '../../support/fixtures';
import {
  day,
  dosesOn,
  MEDICATION_BROWSER,
  openMedicationSetup,
  postSchedule,
  setNoonZone,
  toast,
} from './medications';

test.use(MEDICATION_BROWSER);

test("a past dose is overdue, and the dashboard shows today's doses", async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('meds-status', { type: 'general_health' }));
  const offset = await setNoonZone(page);
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
  // Begun yesterday, so midnight today (UTC) is a dose already due: it can be answered.
  await postSchedule(page, {
    medicationName: 'Aspirin',
    dosage: '81 mg',
    dailyTimes: ['00:00'],
    startDate: day(-1),
  });

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

test('a long list of doses loads the rest on request; a failed page says so', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('meds-more', { type: 'general_health' }));
  // Every hour from yesterday on: far more doses than one page (50) of the list.
  const hourly = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  await postSchedule(page, {
    medicationName: 'Vitamin D',
    dosage: '1000 IU',
    dailyTimes: hourly,
    startDate: day(-1),
  });
  await openMedicationSetup(page);
  const listed = page.locator('ul[aria-label^="Doses: "] > li');
  await expect(listed).toHaveCount(50);
  const more = page.getByRole('button', { name: 'Show more doses' });
  await more.click();
  await expect(listed).toHaveCount(100);

  await page.route('**/api/v1/medications/doses?*', (route) => route.abort());
  await more.click();
  await expect(page.getByRole('alert').filter({ hasText: 'More doses could not be loaded.' })).toBeVisible();
  await expect(listed).toHaveCount(100);
});
