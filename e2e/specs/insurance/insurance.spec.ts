import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { Account } from '../../support/accounts';
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { pdfWith } from '../documents/helpers';

// en-US formats and a UTC profile and browser: amounts read "$300.30", dates are the UTC calendar's.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const today = () => new Date().toISOString().slice(0, 10);
const year = () => today().slice(0, 4);
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

const fill = async (dialog: Locator, fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: false }).first().fill(value);
};

let account: Account | undefined;

test('a plan, a claim and two bills; a partial payment; Overview, Analytics and the CSV follow', async ({
  page,
  newAccount,
}) => {
  account = await newAccount('insurance');
  await page.context().addCookies(account.cookies);
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/insurance');
  await expect(page.getByRole('heading', { name: 'No insurance records yet' })).toBeVisible();

  // The Add Insurance dialog saves.
  await page.getByRole('button', { name: 'Add Insurance' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add Insurance' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the plan name')).toBeVisible();
  await fill(dialog, {
    'Plan name': 'Blue Shield PPO',
    'Effective date': `${year()}-01-01`,
    'Policy number': 'POL-778',
    'Member number': 'MEM-42',
    'Contact phone': '1-800-555-0100',
    'Deductible (USD)': '1,500',
    'Deductible met (USD)': '450.50',
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Insurance added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await tab(page, 'Plans').click();
  await expect(panel(page).getByText('Blue Shield PPO')).toBeVisible();

  // A claim, and "View Claim Details" opens it.
  await tab(page, 'Claims').click();
  await panel(page).getByRole('button', { name: 'Add Claim' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Claim' });
  await fill(dialog, {
    'Claim number': 'CLM-1001',
    Provider: 'City Clinic',
    'Service date': today(),
    'Submitted date': today(),
    'Amount (USD)': '250',
    'Covered (USD)': '300',
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Covered cannot be more than the amount')).toBeVisible();
  await fill(dialog, { 'Covered (USD)': '200', 'Patient responsibility (USD)': '50' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Claim added')).toBeVisible();
  await panel(page).getByRole('button', { name: 'View Claim Details' }).click();
  dialog = page.getByRole('dialog', { name: 'Claim CLM-1001' });
  await expect(dialog).toContainText('Blue Shield PPO');
  await expect(dialog).toContainText('$50.00');
  await page.keyboard.press('Escape');

  // Two bills: 100.10 + 200.20 is exactly 300.30 outstanding.
  await tab(page, 'Bills').click();
  for (const [provider, category, amount] of [
    ['City Lab', 'Lab Work', '100.10'],
    ['Corner Pharmacy', 'Prescriptions', '200.20'],
  ] as const) {
    await page.getByRole('button', { name: 'Add Bill' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Bill' });
    await fill(dialog, { Provider: provider, 'Amount (USD)': amount, 'Due date': today() });
    await dialog.getByLabel('Category').selectOption(category);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  const outstanding = panel(page).getByText('$300.30');
  await expect(outstanding.first()).toBeVisible();

  // A partial payment of 40.00 on the lab bill.
  const labRow = panel(page).getByRole('listitem').filter({ hasText: 'City Lab' });
  await labRow.getByRole('button', { name: 'Record Payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByLabel('Payment amount (USD)')).toHaveValue('100.10');
  await dialog.getByText('Partial payment').click();
  // More than is owed: said once, at the field, in dollars, before anything is sent.
  await dialog.getByLabel('Payment amount (USD)').fill('100.20');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(dialog.getByText('The payment is more than the $100.10 outstanding')).toHaveCount(1);
  await expect(toast(page, 'Could not record the payment')).toHaveCount(0);
  await dialog.getByLabel('Payment amount (USD)').fill('40');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(labRow).toContainText('Partial');
  await expect(labRow).toContainText('$60.10');

  // The Overview follows: outstanding, the recent bills, the deductible.
  await tab(page, 'Overview').click();
  await expect(panel(page)).toContainText('$260.30');
  await expect(panel(page).getByRole('listitem').filter({ hasText: 'Corner Pharmacy' })).toBeVisible();
  await expect(panel(page)).toContainText('$450.50 of $1,500.00 met');

  // Analytics follows: this year's totals, categories adding up to 100, the chart.
  await tab(page, 'Analytics').click();
  const ytd = panel(page).getByRole('region', { name: 'Your bills this year' });
  await expect(ytd).toContainText('Total Spent$300.30');
  await expect(ytd).toContainText('Prescriptions$200.20');
  // The claim is counted apart from the bills (a bill may be its patient's share): pending, so awaiting.
  const claimsYear = panel(page).getByRole('region', { name: 'Your claims this year' });
  await expect(claimsYear).toContainText('Claims Billed$250.00');
  await expect(claimsYear).toContainText('Covered by Your Plans$0.00');
  await expect(claimsYear).toContainText('Awaiting a Decision$250.00');
  const breakdown = panel(page).getByRole('list', { name: 'Category breakdown' });
  await expect(breakdown).toContainText('Prescriptions$200.20 · 67%');
  await expect(breakdown).toContainText('Lab Work$100.10 · 33%');
  await expect(panel(page).locator('.recharts-line').first()).toBeVisible();

  // The CSV of the year parses back, cent for cent.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`healthfolio-claims-and-bills-${year()}.csv`);
  const rows: Record<string, string>[] = parse(await readFile((await download.path()) as string, 'utf8'), {
    columns: true,
  });
  expect(rows.map((r) => [r.Record, r.Provider, r.Amount, r.Paid, r.Outstanding])).toEqual([
    ['Claim', 'City Clinic', '250.00', '', ''],
    ['Bill', 'City Lab', '100.10', '40.00', '60.10'],
    ['Bill', 'Corner Pharmacy', '200.20', '0.00', '200.20'],
  ]);
  await expect(toast(page, 'Download Started')).toBeVisible();

  // Removing a plan asks first, then says "Provider Removed".
  const dental = await page.request.post('/api/v1/insurance/plans', {
    data: {
      name: 'Delta Dental',
      type: 'dental',
      policyNumber: 'D-1',
      memberNumber: 'M-1',
      effectiveDate: `${year()}-01-01`,
      contactPhone: '1-800-555-0199',
    },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(dental.status()).toBe(201);
  await page.reload();
  await tab(page, 'Plans').click();
  await panel(page).getByRole('button', { name: 'Remove Delta Dental' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove this provider?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toast(page, 'Provider Removed')).toBeVisible();
  await expect(panel(page).getByText('Delta Dental')).toHaveCount(0);
  await expect(panel(page).getByText('Blue Shield PPO')).toBeVisible();

  // The dashboard's Claims Status card shows the claim.
  await page.goto('/dashboard');
  const claimsCard = page
    .locator('.rounded-xl')
    .filter({ has: page.getByRole('heading', { name: 'Claims Status' }) });
  await expect(claimsCard).toContainText('1 Pending');
  await expect(claimsCard).toContainText('Latest: City Clinic');
});

test('an EOB uploaded to a paid claim downloads; a pending claim’s download stays disabled', async ({
  page,
  newAccount,
}) => {
  const owner = await newAccount('insurance-eob');
  await page.context().addCookies(owner.cookies);
  await page.setViewportSize(DESKTOP);
  for (const [claimNumber, provider, status] of [
    ['CLM-PAID', 'Paid Clinic', 'paid'],
    ['CLM-WAIT', 'Waiting Clinic', 'pending'],
  ] as const) {
    const res = await page.request.post('/api/v1/insurance/claims', {
      data: { claimNumber, provider, status, serviceDate: today(), submittedDate: today(), amount: '80' },
      headers: { Origin: process.env.E2E_BASE_URL ?? '' },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/dashboard/insurance');
  await tab(page, 'Claims').click();
  // Covered and the patient's share were left blank on the pending claim: not known, not "$0.00".
  await expect(panel(page).getByRole('listitem').filter({ hasText: 'Waiting Clinic' })).toContainText(
    '$80.00 billed · covered not yet known · yours not yet known',
  );
  const details = async (provider: string) => {
    const row = panel(page).getByRole('listitem').filter({ hasText: provider });
    await row.getByRole('button', { name: 'View Claim Details' }).click();
  };

  await details('Waiting Clinic');
  let dialog = page.getByRole('dialog', { name: 'Claim CLM-WAIT' });
  await expect(dialog.getByRole('button', { name: 'Download EOB' })).toBeDisabled();
  await expect(dialog).toContainText('The EOB is available once the claim is approved, paid or denied.');
  await expect(dialog.getByLabel('Attach from your documents')).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await details('Paid Clinic');
  dialog = page.getByRole('dialog', { name: 'Claim CLM-PAID' });
  await dialog.getByRole('button', { name: 'Upload New EOB' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await upload
    .getByLabel('File')
    .setInputFiles({ name: 'eob-paid.pdf', mimeType: 'application/pdf', buffer: pdfWith('EOB') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'EOB attached')).toBeVisible();
  dialog = page.getByRole('dialog', { name: 'Claim CLM-PAID' });
  await expect(dialog.getByRole('region', { name: 'EOB' })).toContainText('eob-paid.pdf');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download EOB' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('eob-paid.pdf');
  expect((await readFile((await download.path()) as string)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('no deductible says so, a phone number must be one, a bill due later is never overdue', async ({
  page,
  newAccount,
}) => {
  await page.context().addCookies((await newAccount('insurance-facts')).cookies);
  await page.goto('/dashboard/insurance');
  await page.getByRole('button', { name: 'Add Insurance' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Insurance' });
  await expect(dialog).toContainText('Fields marked * are required.');
  await expect(dialog.getByRole('textbox', { name: 'Contact phone *' })).toHaveAttribute(
    'aria-required',
    'true',
  );
  await fill(dialog, {
    'Plan name': 'Basic Care',
    'Effective date': `${year()}-01-01`,
    'Policy number': 'P-9',
    'Member number': 'M-9',
    'Contact phone': 'call us',
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a phone number such as 1-800-555-0100')).toBeVisible();
  await fill(dialog, { 'Contact phone': '(555) 010-0199' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // No deductible was entered: not "$0.00 of $0.00 met (100%)".
  await expect(page.getByText('No deductible entered').first()).toBeVisible();
  await expect(page.getByText('(100%)')).toHaveCount(0);
  await tab(page, 'Plans').click();
  await expect(panel(page)).toContainText('No deductible entered');

  // A bill entered as overdue but due next month is not overdue.
  const dueLater = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const bill = await page.request.post('/api/v1/insurance/bills', {
    data: {
      provider: 'Later Clinic',
      amount: '80',
      dueDate: dueLater,
      status: 'overdue',
      category: 'Doctor Visits',
    },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  await page.reload();
  await tab(page, 'Bills').click();
  const row = panel(page).getByRole('listitem').filter({ hasText: 'Later Clinic' });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(/overdue/i);
});

for (const { name, viewport } of [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
]) {
  test(`every insurance tab passes axe on ${name}`, async ({ page, newAccount }) => {
    account ??= await newAccount('insurance-axe');
    await page.context().addCookies(account.cookies);
    await page.setViewportSize(viewport);
    await page.goto('/dashboard/insurance');
    for (const t of ['Overview', 'Plans', 'Claims', 'Bills', 'Analytics']) {
      await tab(page, t).click();
      await expect(tab(page, t)).toHaveAttribute('aria-selected', 'true');
      await expect(panel(page)).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    await page.getByRole('button', { name: 'Add Insurance' }).first().click();
    await page.getByRole('dialog', { name: 'Add Insurance' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter the plan name')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
