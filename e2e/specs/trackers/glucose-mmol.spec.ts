import { expect, test } from '../../support/fixtures';
import { detail, isoAt, logFromTile, postEntry, TRACKING_BROWSER, toast } from './tracking';

test.use(TRACKING_BROWSER);

test('in mmol/L, glucose is typed and shown with one decimal while the API keeps mg/dL', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('tracking-mmol', { type: 'general_health' }));
  await page.goto('/dashboard/settings');
  const res = await page.request.patch('/api/v1/profile', {
    data: { glucoseUnit: 'mmol/L' },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.ok()).toBe(true);
  // An earlier reading stored as 100 mg/dL.
  await postEntry(page, { tracker: 'blood-glucose', occurredAt: isoAt(1, '07:00'), data: { glucose: 100 } });

  const dialog = await logFromTile(page, 'Blood Glucose');
  const field = dialog.getByLabel('Blood glucose (mmol/L)');
  // A decimal field: one decimal point, no letters.
  await field.pressSequentially('7.8x.');
  await expect(field).toHaveValue('7.8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved Blood Glucose', 'Your entry was recorded.')).toBeVisible();

  const api = await page.request.get('/api/v1/entries?tracker=blood-glucose');
  const stored = (await api.json()).items.map((e: { data: { glucose: number } }) => e.data.glucose);
  expect(stored).toHaveLength(2);
  expect(stored[0]).toBeCloseTo(7.8 * 18.0156, 1);
  expect(stored[1]).toBe(100);

  await page.goto('/dashboard/trackers/blood-glucose');
  // The 7-day average of 140.5 and 100 mg/dL.
  await expect(page.getByText('7-day average of those 2 readings')).toBeVisible();
  await expect(page.getByText('6.7 mmol/L', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Blood glucose readings' }).getByRole('listitem')).toHaveText([
    /7\.8 mmol\/L/,
    /5\.6 mmol\/L/,
  ]);
  await page
    .getByRole('list', { name: 'Blood glucose readings' })
    .getByRole('button', { name: /7\.8 mmol\/L/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Blood Glucose Details' });
  await expect(detail(details, 'Value')).toHaveText('7.8 mmol/L');
  await expect(detail(details, 'Glucose')).toHaveText('7.8 mmol/L');
  // Editing shows the value as it was typed.
  await details.getByRole('button', { name: 'Edit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Blood Glucose' }).getByLabel('Blood glucose (mmol/L)'),
  ).toHaveValue('7.8');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'View Trends' }).click();
  await expect(page.getByRole('figure')).toContainText('2 entries in mmol/L');
  await expect(page.getByRole('figure')).toContainText('Glucose 7.8.');
});
