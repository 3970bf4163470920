import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/**
 * The owner prepares a visit packet, then the clinic opens its SMART Health Link in another browser:
 * a wrong passcode says how many tries are left, the right one shows the decrypted PDF.
 */
test('a visit packet opens at the clinic with its passcode', async ({
  page,
  browser,
  newAccount,
  signInAs,
}) => {
  const owner = await newAccount('packet-owner', { type: 'general_health', name: 'Paula Packet' });
  await signInAs(owner);
  const headers = { Origin: process.env.E2E_BASE_URL ?? '' };
  for (const [daysAgo, systolic] of [
    [3, 128],
    [1, 136],
  ] as const) {
    const res = await page.request.post('/api/v1/entries', {
      headers,
      data: {
        tracker: 'blood-pressure',
        occurredAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
        data: { systolic, diastolic: 84 },
      },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/dashboard/sharing');
  await expect(page.getByText('No visit packets yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Prepare for a visit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The link works for 7 days, or until you revoke it.');
  await dialog.getByRole('radio', { name: '30 days' }).check();
  // General mode, no glucose readings: no glucose part on offer, and no diabetes words.
  await expect(dialog.getByRole('checkbox', { name: 'Blood pressure' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /glucose/i })).toHaveCount(0);
  await expect(dialog).not.toContainText('AGP');
  await dialog
    .getByLabel('Questions for the doctor (optional, one a line)')
    .fill('Is my blood pressure fine?');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create packet' }).click();

  const passcode = (await dialog.getByTestId('packet-passcode').textContent()) ?? '';
  expect(passcode).toMatch(/^\d{8}$/);
  await expect(dialog.getByText('it is shown only once')).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR code of the visit packet link/ })).toBeVisible();
  const link = await dialog.getByLabel('Packet link').inputValue();
  expect(link).toContain('/shl#shlink:/');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('10 passcode attempts left')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  const clinic = await (await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' })).newPage();
  await clinic.goto(link);
  await expect(clinic.getByRole('heading', { name: 'Healthfolio pre-visit summary' })).toBeVisible();
  await clinic.getByLabel('Your name or clinic (optional)').fill('Riverside Clinic');
  const code = clinic.getByLabel('Passcode');
  await code.fill(passcode === '00000000' ? '11111111' : '00000000');
  await clinic.getByRole('button', { name: 'Open summary' }).click();
  await expect(clinic.getByText('Wrong passcode. 9 attempts left before the link locks.')).toBeVisible();
  await expectNoAxeViolations(clinic);
  await code.fill(passcode);
  await clinic.getByRole('button', { name: 'Open summary' }).click();
  await expect(clinic.getByRole('heading', { name: 'Pre-visit summary' })).toBeVisible();
  await expect(clinic.locator('iframe[title="Pre-visit summary (PDF)"]')).toHaveAttribute('src', /^blob:/);
  const download = clinic.waitForEvent('download');
  await clinic.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await (await download).createReadStream();
  const head = await new Promise<string>((resolve) =>
    pdf.once('data', (b: Buffer) => resolve(b.subarray(0, 5).toString())),
  );
  expect(head).toBe('%PDF-');
  await expectNoAxeViolations(clinic);
  await clinic.context().close();

  await page.reload();
  await expect(page.getByText('Opened 1 time ·', { exact: false })).toBeVisible();

  // Revoked, the card says when, and no longer an expiry or passcode attempts; then it can go.
  // Its buttons say which packet they act on.
  await page
    .getByRole('button', { name: /^Revoke the packet of the last \d+ days, created \w{3} \d/ })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Revoke this packet?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(/^Revoked \w{3} \d{1,2}, \d{4}.* · Opened 1 time$/)).toBeVisible();
  await expect(page.getByText('passcode attempt', { exact: false })).toHaveCount(0);
  await expect(page.getByText('Expiry', { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: /^Delete the packet of the last \d+ days, created/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this packet?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No visit packets yet.', { exact: false })).toBeVisible();

  // With a glucose reading, general mode offers it in plain words.
  const reading = await page.request.post('/api/v1/entries', {
    headers,
    data: {
      tracker: 'blood-glucose',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      data: { glucose: 104 },
    },
  });
  expect(reading.status()).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: 'Prepare for a visit' }).click();
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Blood glucose' })).toBeChecked();
  await expect(page.getByRole('dialog')).not.toContainText('AGP');
});
