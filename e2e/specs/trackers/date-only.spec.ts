import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';

const DAY = 86_400_000;
/** A day as the app shows a date given alone: "Mar 14, 2019", never moved by a zone. */
const utcDayWords = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** Imports a clinic's record of an 80 kg weight dated by its day alone, from the lab results screen. */
const importWeight = async (page: Page, day: string) => {
  const record = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Patient', id: 'p1', name: [{ text: 'Dee Only' }] } },
      {
        resource: {
          resourceType: 'Observation',
          status: 'final',
          category: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' },
              ],
            },
          ],
          code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
          effectiveDateTime: day,
          valueQuantity: { value: 80, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
        },
      },
    ],
  };
  await page.getByRole('button', { name: 'Import a record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a record' });
  await dialog.getByLabel('Record file').setInputFiles({
    name: 'clinic.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(record)),
  });
  await expect(dialog).toContainText('To add: 1 vital sign.');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toContainText('Added 1 vital sign');
  await dialog.getByRole('button', { name: 'Done' }).click();
};

test('a weight its record dated only by its day shows that day without a time in the trend chart', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('date-only', { type: 'general_health' }));
  // A clinic's record dating the weight by its day alone, three days ago.
  const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
  await page.goto('/dashboard/lab-results');
  await importWeight(page, day);

  await page.goto('/dashboard/trackers/weight/trends');
  await page.locator('.recharts-line-dots circle').first().hover();
  const words = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  await expect(page.locator('.recharts-tooltip-label')).toHaveText(words);
});

test('the edit dialog of a weight dated only by its day shows the day without a time, and keeps it so', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('date-only-edit', { type: 'general_health' }));
  const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
  const words = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  await page.goto('/dashboard/lab-results');
  await importWeight(page, day);

  await page.goto('/dashboard/trackers/weight');
  const list = page.getByRole('list', { name: 'Weight measurements' });
  const openEdit = async () => {
    await list.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Weight Details' }).getByRole('button', { name: 'Edit' }).click();
    return page.getByRole('dialog', { name: 'Edit Weight' });
  };
  let edit = await openEdit();
  await expect(edit.getByLabel('Date', { exact: true })).toHaveValue(day);
  await expect(edit.getByLabel('Time', { exact: true })).toHaveValue('');
  await edit.getByLabel('Weight', { exact: true }).fill('81');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  // Saved with its date alone: still the day, no time.
  await expect(list).toContainText('81');
  await expect(list.getByRole('button').first()).toContainText(words);
  await expect(list.getByRole('button').first()).not.toContainText(' · ');

  // A new date without a time is saved as that day alone.
  const earlier = new Date(Date.parse(`${day}T12:00:00Z`) - DAY).toISOString().slice(0, 10);
  edit = await openEdit();
  await edit.getByLabel('Date', { exact: true }).fill(earlier);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(list.getByRole('button').first()).toContainText(utcDayWords(earlier));
  await expect(list.getByRole('button').first()).not.toContainText(' · ');

  // A time entered makes it a timed entry.
  edit = await openEdit();
  await expect(edit.getByLabel('Date', { exact: true })).toHaveValue(earlier);
  await edit.getByLabel('Time', { exact: true }).fill('08:30');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(list.getByRole('button').first()).toContainText(/ · 8:30\sAM/);
  edit = await openEdit();
  await expect(edit.getByLabel('Date and time')).toHaveValue(`${earlier}T08:30`);
});

test('the edit dialog of a weight dated only by its month shows the month, and a full date set replaces it', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('month-only-edit', { type: 'general_health' }));
  await page.goto('/dashboard/lab-results');
  await importWeight(page, '2019-03');

  await page.goto('/dashboard/trackers/weight');
  const list = page.getByRole('list', { name: 'Weight measurements' });
  const openEdit = async () => {
    await list.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Weight Details' }).getByRole('button', { name: 'Edit' }).click();
    return page.getByRole('dialog', { name: 'Edit Weight' });
  };
  let edit = await openEdit();
  // The month as the record gave it, no day made up; saved so, it stays the month.
  const date = edit.getByRole('group', { name: 'Date' });
  await expect(date).toContainText('Mar 2019');
  await expect(edit.getByLabel('Date', { exact: true })).toHaveCount(0);
  await edit.getByLabel('Weight', { exact: true }).fill('81');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(list.getByRole('button').first()).toContainText('81');
  await expect(list.getByRole('button').first()).toContainText('Mar 2019');

  edit = await openEdit();
  await edit.getByRole('button', { name: 'Set a full date' }).click();
  await expect(edit.getByLabel('Date', { exact: true })).toHaveValue('');
  await edit.getByLabel('Date', { exact: true }).fill('2019-03-02');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(list.getByRole('button').first()).toContainText('Mar 2, 2019');
  await expect(list.getByRole('button').first()).not.toContainText(' · ');
});

test('a lab result added with its date is dated by that day, with no time', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('date-only-lab', { type: 'general_health' }));
  await page.goto('/dashboard/lab-results');
  await page.getByRole('button', { name: 'Add a result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a result' });
  await dialog.getByRole('combobox', { name: 'Test' }).fill('ldl calc');
  await dialog.getByRole('option', { name: /LDL cholesterol \(calculated\)/ }).click();
  await dialog.getByLabel('Value').fill('120');
  const day = await dialog.getByLabel('Date of the test').inputValue();
  await dialog.getByRole('button', { name: 'Add result' }).click();
  await expect(dialog).toBeHidden();
  const { items } = await (await page.request.get('/api/v1/lab-results')).json();
  expect(items).toMatchObject([{ effectiveAt: `${day}T12:00:00.000Z`, effectivePrecision: 'day' }]);
});
