import type { Account } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';
import { isoAt, localInput, logFromTile, postEntry, TRACKING_BROWSER, toast } from './tracking';

test.use(TRACKING_BROWSER);

let account: Account | undefined;
test.beforeEach(async ({ newAccount, signInAs }) => {
  account ??= await newAccount('tracking-invalid', { type: 'general_health' });
  await signInAs(account);
});

/** Nothing of this tracker was saved. */
const expectNothingSaved = async (page: import('@playwright/test').Page, tracker: string) => {
  const res = await page.request.get(`/api/v1/entries?tracker=${tracker}`);
  expect((await res.json()).items).toEqual([]);
};

test('required fields left empty show their inline errors and nothing is saved', async ({ page }) => {
  const journal = await logFromTile(page, 'Journal Entry');
  await journal.getByRole('button', { name: 'Save' }).click();
  const text = journal.getByLabel('Journal entry');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toHaveAccessibleDescription('Write your journal entry');
  await expect(journal).toBeVisible();

  // The date and time are required too.
  await journal.getByLabel('Date and time').fill('');
  await text.fill('Something happened');
  await journal.getByRole('button', { name: 'Save' }).click();
  await expect(journal.getByLabel('Date and time')).toHaveAccessibleDescription(/Date and time are required/);
  await expect(text).not.toHaveAttribute('aria-invalid', 'true');
  await journal.getByRole('button', { name: 'Cancel' }).click();
  await expect(journal).toBeHidden();
  // Focus goes back to the tile that opened the dialog, not to the top of the page.
  await expect(
    page
      .getByRole('region', { name: 'What would you like to log?' })
      .getByRole('button', { name: 'Journal Entry', exact: true }),
  ).toBeFocused();

  const glucose = await logFromTile(page, 'Blood Glucose');
  await glucose.getByRole('button', { name: 'Save' }).click();
  await expect(glucose.getByLabel('Blood glucose (mg/dL)')).toHaveAccessibleDescription(
    'Enter a glucose value',
  );
  // Digits only: letters never reach the field.
  await glucose.getByLabel('Blood glucose (mg/dL)').pressSequentially('1a2b0');
  await expect(glucose.getByLabel('Blood glucose (mg/dL)')).toHaveValue('120');
  await page.keyboard.press('Escape');
  await expect(glucose).toBeHidden();

  await expect(toast(page, 'Saved')).toHaveCount(0);
  await expectNothingSaved(page, 'journal');
  await expectNothingSaved(page, 'blood-glucose');
  await page.goto('/dashboard/track-data');
  await expect(page.getByText('No entries found yet.')).toBeVisible();
});

test('out-of-range values are refused with a message: weight 1200, a reversed blood pressure', async ({
  page,
}) => {
  const weight = await logFromTile(page, 'Weight');
  await weight.getByLabel('Weight', { exact: true }).fill('1200');
  await weight.getByRole('button', { name: 'Save' }).click();
  await expect(weight.getByLabel('Weight', { exact: true })).toHaveAccessibleDescription(
    'Weight must be at most 1000',
  );
  await expect(weight).toBeVisible();
  await weight.getByRole('button', { name: 'Cancel' }).click();

  const pressure = await logFromTile(page, 'Blood Pressure');
  // A systolic value alone is not a reading ("135/- mmHg"): both are required.
  await pressure.getByLabel('Systolic (mmHg)').fill('135');
  await pressure.getByRole('button', { name: 'Save' }).click();
  await expect(pressure.getByLabel('Diastolic (mmHg)')).toHaveAccessibleDescription(
    'Enter the diastolic value',
  );
  await expect(pressure).toBeVisible();
  // What no monitor measures is a typo: 300/20 is refused, each number with the range to check against.
  await pressure.getByLabel('Systolic (mmHg)').fill('300');
  await pressure.getByLabel('Diastolic (mmHg)').fill('20');
  await pressure.getByRole('button', { name: 'Save' }).click();
  await expect(pressure.getByLabel('Systolic (mmHg)')).toHaveAccessibleDescription(
    'Systolic must be between 60 and 260 mmHg: check the reading',
  );
  await expect(pressure.getByLabel('Diastolic (mmHg)')).toHaveAccessibleDescription(
    'Diastolic must be between 30 and 160 mmHg: check the reading',
  );
  await pressure.getByLabel('Systolic (mmHg)').fill('80');
  await pressure.getByLabel('Diastolic (mmHg)').fill('120');
  await pressure.getByRole('button', { name: 'Save' }).click();
  await expect(pressure.getByLabel('Systolic (mmHg)')).toHaveAccessibleDescription(
    'Systolic must be higher than diastolic',
  );
  await pressure.getByRole('button', { name: 'Cancel' }).click();

  await expectNothingSaved(page, 'weight');
  await expectNothingSaved(page, 'blood-pressure');
  await page.goto('/dashboard/trackers/weight');
  await expect(page.getByText('No weight measurements yet.')).toBeVisible();
});

test('a crisis-level blood pressure (250/150) is saved with what to do now, and marked in its list and trend', async ({
  page,
}) => {
  await page.clock.install();
  const pressure = await logFromTile(page, 'Blood Pressure');
  await pressure.getByLabel('Systolic (mmHg)').fill('250');
  await pressure.getByLabel('Diastolic (mmHg)').fill('150');
  await pressure.getByRole('button', { name: 'Save' }).click();
  await expect(pressure).toBeHidden();
  const alert = toast(page, 'Hypertensive crisis level: what to do now');
  // What to do now comes before the figure; the alert stays until it is closed.
  await expect(alert).toContainText(
    /If you have chest pain, shortness of breath, back pain, numbness or weakness, a change in vision or difficulty speaking, call emergency services \(911, 112 or your local number\) now\. Otherwise sit quietly for 5 minutes and measure again\. .* Saved: 250\/150 mmHg\./,
  );
  await expect(toast(page, 'Saved Blood Pressure')).toHaveCount(0);
  await page.clock.runFor(30_000); // far longer than a plain toast stays
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: /close/i }).click();
  await expect(alert).toHaveCount(0);

  await page.goto('/dashboard/trackers/blood-pressure');
  const row = page.getByRole('list', { name: 'Blood pressure readings' }).getByRole('listitem');
  await expect(row.filter({ hasText: '250/150 mmHg' })).toContainText('Hypertensive crisis level');
  await page.goto('/dashboard/trackers/blood-pressure/trends');
  await expect(
    page.getByText(
      '1 reading at a hypertensive crisis level (180 or more systolic or 120 or more diastolic).',
    ),
  ).toBeVisible();
});

test('a second meter reading in the same minute is a re-check: both readings save', async ({ page }) => {
  await page.goto('/dashboard/log-data');
  await postEntry(page, { tracker: 'blood-glucose', occurredAt: isoAt(2, '07:00'), data: { glucose: 101 } });
  const dialog = await logFromTile(page, 'Blood Glucose');
  await dialog.getByLabel('Date and time').fill(localInput(2, '07:00'));
  await dialog.getByLabel('Blood glucose (mg/dL)').fill('99');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Saved Blood Glucose', 'Your entry was recorded.')).toBeVisible();
  await page.goto('/dashboard/trackers/blood-glucose');
  await expect(page.getByRole('list', { name: 'Blood glucose readings' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expect(page.getByRole('list', { name: 'Blood glucose readings' })).toContainText('99 mg/dL');
  await expect(page.getByRole('list', { name: 'Blood glucose readings' })).toContainText('101 mg/dL');
});

test('signed out while the dialog is open: "Sign in required", nothing saved', async ({ page }) => {
  const dialog = await logFromTile(page, 'Medication');
  await dialog.getByLabel('Medication taken').fill('Metformin 500 mg');
  await page.context().clearCookies();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Sign in required', 'Please sign in to save entries.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.context().addCookies(account?.cookies ?? []);
  await expectNothingSaved(page, 'medication');
});

test('a meal photo must be an image: "Invalid file"', async ({ page }) => {
  const dialog = await logFromTile(page, 'Meal');
  await dialog.getByLabel('Food photo (optional)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(toast(page, 'Invalid file', 'Please select an image file')).toBeVisible();
  await dialog.getByLabel('Food photo (optional)').setInputFiles({
    name: 'lunch.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  await expect(dialog.getByText('lunch.png')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove photo lunch.png' })).toBeVisible();
});
