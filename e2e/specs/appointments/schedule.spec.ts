import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import {
  APPOINTMENTS_BROWSER,
  dateAhead,
  postAppointment,
  section,
  shownDate,
  shownTimes,
  toast,
} from './helpers';

test.use(APPOINTMENTS_BROWSER);

test('a user schedules, edits, downloads and cancels an appointment', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('appointments'));
  await page.goto('/dashboard/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  const upcoming = section(page, 'Upcoming');
  await expect(upcoming.getByText('No appointments scheduled.')).toBeVisible();

  // Nothing filled in: the spec's toast, and the three required fields are marked.
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule New Appointment' });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    toast(page, 'Missing required fields', 'Provider, Date and Start Time are required.'),
  ).toBeVisible();
  for (const label of ['Provider', 'Date', 'Start time'])
    await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');

  const date = dateAhead(10);
  await dialog.getByLabel('Provider').fill('Dr. Ada Endo');
  await dialog.getByLabel('Specialty').selectOption('Endocrinology');
  await dialog.getByLabel('Date', { exact: true }).fill(date);
  await dialog.getByLabel('Start time').fill('09:00');
  await dialog.getByLabel('End time').fill('08:30');
  await dialog.getByLabel('Location').fill('City Clinic, Room 4');
  await dialog.getByLabel('Telehealth URL').fill('javascript:alert(1)');
  await dialog.getByLabel('Reason').fill('Quarterly A1C review');
  await dialog.getByLabel('Preparation').fill('Bring your meter');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  // A script link is refused (it would run inside the app), and the end must follow the start.
  await expect(dialog.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await expect(dialog.getByText('The end time must be after the start time')).toBeVisible();

  await dialog.getByLabel('End time').fill('09:30');
  await dialog.getByLabel('Telehealth URL').fill('https://video.example/room/42');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Appointment scheduled')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = upcoming.getByRole('article', { name: 'Dr. Ada Endo' });
  await expect(card).toContainText('Endocrinology');
  await expect(card).toContainText(shownDate(date));
  await expect(card).toContainText(shownTimes('9:00', '9:30'));
  await expect(card).toContainText('City Clinic, Room 4');
  await expect(card).toContainText('Quarterly A1C review');
  await expect(card).toContainText('Bring your meter');
  const join = card.getByRole('link', { name: /^Join/ });
  await expect(join).toHaveAttribute('href', 'https://video.example/room/42');
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', 'noopener noreferrer');

  // Saving cleared the dialog; Cancel closes it.
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(dialog.getByLabel('Provider')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Edit: the same dialog, filled in.
  await card.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
  await expect(edit.getByLabel('Provider')).toHaveValue('Dr. Ada Endo');
  await expect(edit.getByLabel('Specialty')).toHaveValue('Endocrinology');
  await edit.getByLabel('Location').fill('Telehealth only');
  await edit.getByLabel('End time').fill('09:45');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Appointment updated')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Telehealth only');
  await expect(card).toContainText(shownTimes('9:00', '9:45'));

  // The .ics file, saved by the browser.
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: /^Download \.ics/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`appointment-${date}.ics`);
  const ics = await readFile((await download.path()) ?? '', 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('Dr. Ada Endo');

  // Cancelling asks first, then moves the visit to Past, marked in words.
  await card.getByRole('button', { name: /^Cancel appointment/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(page, 'Appointment cancelled')).toBeVisible();
  await expect(upcoming.getByText('No appointments scheduled.')).toBeVisible();
  const past = section(page, 'Past').getByRole('article', { name: 'Dr. Ada Endo' });
  await expect(past).toContainText('Cancelled');
  await expect(past.getByRole('link', { name: /^Join/ })).toHaveCount(0);
  await expect(past.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  // Kept on the server, not in page memory.
  await page.reload();
  await expect(section(page, 'Past').getByRole('article', { name: 'Dr. Ada Endo' })).toContainText(
    'Cancelled',
  );
});

test('a calendar file asked for after the session ended is refused in words, not saved as the file', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('appointments-ics'));
  await page.goto('/dashboard/appointments');
  await postAppointment(page, { provider: 'Dr. Lin Heart', date: dateAhead(5), startTime: '10:00' });
  await page.reload();
  const card = section(page, 'Upcoming').getByRole('article', { name: 'Dr. Lin Heart' });
  await expect(card).toBeVisible();

  let downloads = 0;
  page.on('download', () => {
    downloads++;
  });
  await page.context().clearCookies();
  await card.getByRole('link', { name: /^Download \.ics/ }).click();
  await expect(toast(page, 'Download failed', 'Please sign in to continue.')).toBeVisible();
  expect(downloads).toBe(0);
});

test('a visit already past is added to Past, not scheduled, and its notes can still be corrected', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('appointments-past'));
  await page.goto('/dashboard/appointments');
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule New Appointment' });
  const date = dateAhead(-27);
  await dialog.getByLabel('Provider').fill('Dr. Molar');
  await dialog.getByLabel('Date', { exact: true }).fill(date);
  await dialog.getByLabel('Start time').fill('10:00');
  await dialog.getByLabel('Reason').fill('Chekcup');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    toast(page, 'Appointment added to Past', 'Its date has passed, so no reminders will come.'),
  ).toBeVisible();
  await expect(toast(page, 'Appointment scheduled')).toHaveCount(0);

  const card = section(page, 'Past').getByRole('article', { name: 'Dr. Molar' });
  await expect(card).toContainText(shownDate(date));
  await card.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
  await expect(edit.getByLabel('Reason')).toHaveValue('Chekcup');
  await edit.getByLabel('Reason').fill('Checkup');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Appointment updated')).toBeVisible();
  await expect(card).toContainText('Checkup');
  await expect(card).not.toContainText('Chekcup');
  // Still past: no Join, no Cancel; Delete stays.
  await expect(card.getByRole('button', { name: /^Cancel appointment/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
});
