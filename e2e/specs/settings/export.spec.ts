import { readFile } from 'node:fs/promises';
import { expect, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

type Bundle = {
  resourceType: string;
  type: string;
  entry: {
    fullUrl: string;
    resource: {
      resourceType: string;
      code?: { coding?: { code: string }[] };
      valueQuantity?: { value: number; code: string };
    };
  }[];
};

test('Export my record: a logged weight comes back in the downloaded FHIR bundle', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(180_000); // a background job on a shared two-core machine
  const account = await newAccount('record-export', { type: 'general_health' });
  await page.context().addCookies(account.cookies);

  await test.step('log a weight', async () => {
    await page.goto('/dashboard/trackers/weight');
    await page.getByRole('button', { name: 'Log Weight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Weight' });
    await dialog.getByLabel('Weight', { exact: true }).fill('163.8');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('export the record from Settings → Your data and download it', async () => {
    await page.goto('/dashboard/settings');
    const card = page.getByRole('region', { name: 'Export my record' });
    await card.getByRole('button', { name: 'Export my record' }).click();
    const download = card.getByRole('button', { name: 'Download the file' });
    await expect(download).toBeVisible({ timeout: 120_000 });
    await expect(card).toContainText('Ready to download until');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^healthfolio-record-\d{4}-\d\d-\d\d\.json$/);
    const bundle = JSON.parse(await readFile((await file.path()) as string, 'utf8')) as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const weights = bundle.entry
      .map((e) => e.resource)
      .filter((r) => r.resourceType === 'Observation' && r.code?.coding?.[0]?.code === '29463-7');
    expect(weights.map((w) => w.valueQuantity)).toEqual([
      { value: 163.8, unit: 'lb', system: 'http://unitsofmeasure.org', code: '[lb_av]' },
    ]);
  });

  await test.step('download the weight tracker as CSV', async () => {
    const csv = page.getByRole('region', { name: 'Download a tracker as CSV' });
    await csv.getByLabel('Tracker').selectOption({ label: 'Weight' });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      csv.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const text = await readFile((await file.path()) as string, 'utf8');
    expect(text.split('\r\n')[0]).toBe('time,weight,weight_unit,weight_context,notes');
    expect(text).toContain(',163.8,lbs,');
  });
});
