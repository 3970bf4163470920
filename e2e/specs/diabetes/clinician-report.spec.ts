import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** A diabetes user downloads the clinician report from Detailed Analytics, for 90 days. */
test('the clinician report downloads as a PDF from Detailed Analytics', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('clinician-report', { type: 'diabetes_focused', name: 'Rita Report' }));
  const readings = Array.from({ length: 48 }, (_, i) => ({
    at: new Date(Date.now() - (i + 1) * 30 * 60_000).toISOString(),
    mgdl: 110 + (i % 6) * 15,
  }));
  const seeded = await page.request.post('/api/v1/glucose/readings/batch', {
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
    data: { source: 'import:csv', readings },
  });
  expect(seeded.status()).toBe(200);

  await page.goto('/dashboard/detailed-analytics');
  await expect(page.getByText('Clinician report', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: '90 days' }).check();
  await expectNoAxeViolations(page);

  // Drawing 90 days into a PDF can outlast a click's wait on a loaded machine.
  const response = page.waitForResponse((r) => r.url().includes('/api/v1/reports/clinician.pdf'), {
    timeout: 45_000,
  });
  const download = page.waitForEvent('download', { timeout: 45_000 });
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const res = await response;
  expect(res.status()).toBe(200);
  expect(new URL(res.url()).searchParams.get('days')).toBe('90');
  expect(res.headers()['content-type']).toBe('application/pdf');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^clinician-report-90-days-\d{4}-\d\d-\d\d\.pdf$/);
  const stream = await file.createReadStream();
  const head = await new Promise<string>((resolve) =>
    stream.once('data', (b: Buffer) => resolve(b.subarray(0, 5).toString())),
  );
  expect(head).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});
