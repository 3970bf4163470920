import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
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

test('a medication schedule is set up through the form and its doses are listed', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('meds-setup', { type: 'general_health' }));
  // About noon on the profile's clock: today's 8 a.m. has passed and 8 p.m. has not.
  await setNoonZone(page);
  await openMedicationSetup(page);
  await expect(page.getByText('No medication reminders yet.')).toBeVisible();

  // The add-medication button belongs to Medication Setup only.
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByRole('button', { name: 'Add Medication' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Medication Setup' }).click();

  await page.getByRole('button', { name: 'Add Medication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medication' });
  await expect(dialog.getByLabel('Frequency')).toHaveValue('daily');
  await expectNoAxeViolations(page);

  // Nothing filled in: the spec's one message, and nothing is created.
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please fill in medication name, dosage, and at least one daily time',
  );
  await dialog.getByLabel('Medication name').fill('Metformin');
  await dialog.getByLabel('Dosage').fill('500 mg');
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();

  // Times out of order, an empty one and a duplicate: the list stays sorted and free of repeats.
  const time = dialog.getByLabel('Time to add');
  const addTime = dialog.getByRole('button', { name: 'Add Time' });
  await addTime.click();
  await expect(dialog.getByText('No times added yet.')).toBeVisible();
  for (const t of ['20:00', '08:00', '20:00', '12:30']) {
    await time.fill(t);
    await addTime.click();
  }
  const times = dialog.getByRole('list', { name: 'Daily times' }).getByRole('listitem');
  await expect(times).toHaveText([/^8:00\sAM/, /^12:30\sPM/, /^8:00\sPM/]);
  await dialog.getByRole('button', { name: /^Remove 12:30\sPM$/ }).click();
  await expect(times).toHaveText([/^8:00\sAM/, /^8:00\sPM/]);
  // Everything required is filled in now: the message goes without saving again.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // An end before the start is refused before anything is sent.
  await dialog.getByLabel('End date (optional)').fill(day(-1));
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expect(dialog.getByText('The end date must be on or after the start date')).toBeVisible();
  await dialog.getByLabel('End date (optional)').fill('');

  await dialog.getByLabel('Special instructions (optional)').fill('Take with food');
  await dialog.getByLabel('Prescriber').fill('Dr. Reyes');
  await dialog.getByRole('button', { name: 'Save Medication' }).click();
  await expect(dialog).toBeHidden();
  // Daily, two times, no end date: 30 days × 2, but for today's 8 a.m., gone by when it was set up.
  await expect(toast(page, 'Created 59 medication reminders')).toBeVisible();
  // Nothing is overdue the moment it is made: today's one dose is 8 p.m., still to come.
  const todays = dosesOn(page, 'Today').getByRole('listitem');
  await expect(todays).toHaveCount(1);
  await expect(todays).toContainText(/8:00\sPM/);
  await expect(todays).toContainText('Pending');

  // Tomorrow's doses are still ahead whatever the time now: both pending, not answerable yet.
  const tomorrow = dosesOn(page, 'Tomorrow').getByRole('listitem');
  await expect(tomorrow).toHaveCount(2);
  const [morning, evening] = [tomorrow.nth(0), tomorrow.nth(1)];
  await expect(morning).toContainText('8:00');
  await expect(morning).toContainText('Metformin');
  await expect(morning).toContainText('500 mg');
  await expect(morning).toContainText('Take with food');
  await expect(morning).toContainText('Pending');
  await expect(evening).toContainText('Pending');
  await expect(dosesOn(page, 'Tomorrow').getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The schedule starts today: asked for earlier doses, the screen says there are none.
  await page.getByRole('button', { name: 'Show earlier doses' }).click();
  // The button goes once pressed; keyboard focus stays on the list, not the page's <body>.
  await expect(page.getByRole('heading', { name: 'Medication reminders', exact: true })).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'No earlier doses in the last 30 days.' }),
  ).toBeVisible();
  await expect(todays).toHaveCount(1);

  // The schedule is listed, and a wrong dosage is put right for the doses to come.
  const meds = page.getByRole('region', { name: 'Your medications' }).getByRole('listitem');
  await expect(meds).toHaveCount(1);
  await expect(meds).toContainText('Metformin 500 mg');
  await expect(meds).toContainText(/Daily at 8:00\sAM and 8:00\sPM/);
  await meds.getByRole('button', { name: 'Edit Metformin 500 mg' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Medication' });
  await expect(edit.getByLabel('Dosage')).toHaveValue('500 mg');
  await edit.getByLabel('Dosage').fill('850 mg');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Metformin updated')).toBeVisible();
  await expect(meds).toContainText('Metformin 850 mg');
  await expect(tomorrow.nth(0)).toContainText('850 mg');

  // Stop asks first, then ends the reminders to come.
  await meds.getByRole('button', { name: 'Stop Metformin 850 mg' }).click();
  const stop = page.getByRole('alertdialog', { name: 'Stop Metformin?' });
  await expectNoAxeViolations(page);
  await stop.getByRole('button', { name: 'Stop Medication' }).click();
  await expect(toast(page, 'Metformin stopped')).toBeVisible();
  await expect(dosesOn(page, 'Tomorrow')).toHaveCount(0);
  await expect(meds).toContainText('Ended');
  await expect(meds.getByRole('button', { name: /^Stop/ })).toHaveCount(0);

  // Delete asks first; Cancel keeps it.
  await meds.getByRole('button', { name: 'Delete Metformin 850 mg' }).click();
  const del = page.getByRole('alertdialog', { name: 'Delete Metformin?' });
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(meds).toHaveCount(1);
  await meds.getByRole('button', { name: 'Delete Metformin 850 mg' }).click();
  await del.getByRole('button', { name: 'Delete Medication' }).click();
  await expect(toast(page, 'Metformin deleted')).toBeVisible();
  await expect(meds).toHaveCount(0);
  await expect(page.getByText('No medication reminders yet.')).toBeVisible();
});

test('a dose is taken and another skipped; the buttons go and the answers are kept', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('meds-answer', { type: 'general_health' }));
  await postSchedule(page, {
    medicationName: 'Metformin',
    dosage: '500 mg',
    dailyTimes: ['08:00', '20:00'],
    startDate: day(-1),
    endDate: day(1),
  });
  await openMedicationSetup(page);
  // Tomorrow's doses are not due yet: nothing to answer there.
  await expect(dosesOn(page, 'Tomorrow').getByRole('listitem')).toHaveCount(2);
  await expect(dosesOn(page, 'Tomorrow').getByRole('button')).toHaveCount(0);
  const yesterday = dosesOn(page, 'Yesterday').getByRole('listitem');
  const [morning, evening] = [yesterday.nth(0), yesterday.nth(1)];
  await expect(morning).toContainText('Overdue');

  // A mis-tap is put right from the toast.
  await evening.getByRole('button', { name: /^Taken/ }).click();
  await toast(page, 'Medication marked as taken').getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'The dose is open again')).toBeVisible();
  await expect(evening).toContainText('Overdue');
  await expect(toast(page, 'Medication marked as taken')).toHaveCount(0);

  // With the keyboard: once answered, focus is on the dose's new status, not lost to the page.
  await morning.getByRole('button', { name: /^Taken/ }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Medication marked as taken')).toBeVisible();
  await expect(morning).toContainText('Taken');
  await expect(morning.getByRole('button')).toHaveCount(0);
  await expect(morning.getByText('Taken', { exact: true })).toBeFocused();

  await evening.getByRole('button', { name: /^Skip/ }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Dose Skipped')).toBeVisible();
  await expect(evening).toContainText('Skipped');
  await expect(evening.getByRole('button')).toHaveCount(0);
  await expect(evening.getByText('Skipped', { exact: true })).toBeFocused();

  // The answers are kept by the server, not just on screen.
  await page.reload();
  await page.getByRole('tab', { name: 'Medication Setup' }).click();
  await expect(yesterday.nth(0)).toContainText('Taken');
  await expect(yesterday.nth(1)).toContainText('Skipped');
  await expect(yesterday.getByRole('button')).toHaveCount(0);
});
