import { expect, test } from '../../support/fixtures';

const DAY = 86_400_000;

test('a weight its record dated only by its day shows that day without a time in the trend chart', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('date-only', { type: 'general_health' }));
  // A clinic's record dating the weight by its day alone, three days ago.
  const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
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
  await page.goto('/dashboard/lab-results');
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

  await page.goto('/dashboard/trackers/weight/trends');
  await page.locator('.recharts-line-dots circle').first().hover();
  const words = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  await expect(page.locator('.recharts-tooltip-label')).toHaveText(words);
});
