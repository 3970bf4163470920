import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { addPortalLabResult, SMART_CLIENT_ID, SMART_PORTAL_NAME, smartFhirUrl } from '../../support/smart';

/**
 * Issue 36 end to end against the SMART on FHIR portal on loopback (global setup): the admin registers
 * the portal's Client ID; a user connects, approves at the portal, finds the lab results and conditions,
 * brings in a result the portal added later with Sync now, and disconnects (the records stay).
 */

const connection = (page: Page) =>
  page.getByRole('list', { name: 'Connected health systems' }).getByRole('listitem').filter({
    hasText: SMART_PORTAL_NAME,
  });

test.describe.configure({ mode: 'serial' });

test('the admin registers the portal’s Client ID in the admin console', async ({ browser, accounts }) => {
  const admin = await accounts.admin();
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await context.addCookies(admin.cookies);
  const page = await context.newPage();
  try {
    await page.goto('/dashboard/admin-console?tab=health-systems');
    await expect(page.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
      `${process.env.E2E_BASE_URL}/api/v1/health-systems/callback`,
    );
    await expect(page.getByRole('textbox', { name: 'JWKS URL' })).toHaveValue(
      `${process.env.E2E_BASE_URL}/.well-known/jwks.json`,
    );
    const form = page.getByRole('form', { name: 'Add an endpoint by hand' });
    await form.getByLabel('Name').fill(SMART_PORTAL_NAME);
    await form.getByLabel('FHIR base URL').fill(smartFhirUrl());
    await form.getByLabel('Client ID').fill(SMART_CLIENT_ID);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const row = page
      .getByRole('list', { name: 'Health system endpoints' })
      .getByRole('listitem')
      .filter({ hasText: SMART_PORTAL_NAME });
    await expect(row).toContainText('Offered to users');
    await expect(row.getByLabel('Client ID')).toHaveValue(SMART_CLIENT_ID);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});

test('a user connects the portal, sees its records, syncs a new result and disconnects', async ({
  page,
  newAccount,
  signInAs,
}) => {
  // Five steps through two servers (sign-in at the portal, consent, two syncs): more than a minute on a busy machine.
  test.slow();
  await signInAs(await newAccount('health-systems', { type: 'general_health' }));
  await page.goto('/dashboard/lab-results');
  await page.getByRole('link', { name: /Connect a health system/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/health-systems$/);
  await expect(page.getByText('No health systems connected yet')).toBeVisible();
  await expectNoAxeViolations(page);

  await test.step('choose the portal: what it will be asked for, in words, before anything happens', async () => {
    await page.getByLabel('Search health systems and insurers').fill('river');
    await page.getByRole('button', { name: `Choose ${SMART_PORTAL_NAME}` }).click();
    const asks = page.getByRole('list', { name: 'What Healthfolio will ask for' });
    await expect(asks).toContainText('Read all your records (nothing is changed there)');
    await expect(asks).toContainText('Keep access until you disconnect');
    await expectNoAxeViolations(page);
  });

  await test.step('refused at the portal: back with the reason in words, nothing connected', async () => {
    await page.getByRole('button', { name: `Connect to ${SMART_PORTAL_NAME}` }).click();
    await expect(page).toHaveURL(/\/authorize\?/);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(/\/dashboard\/health-systems\?error=/);
    await expect(page.getByRole('alert')).toContainText(
      'The health system did not give access, so nothing was connected.',
    );
    await expect(page.getByText('No health systems connected yet')).toBeVisible();
  });

  await test.step('approve at the portal and come back to the records being brought in', async () => {
    await page.getByRole('button', { name: `Choose ${SMART_PORTAL_NAME}` }).click();
    await page.getByRole('button', { name: `Connect to ${SMART_PORTAL_NAME}` }).click();
    await expect(page).toHaveURL(/\/authorize\?/);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/dashboard\/health-systems\?connected=/);
    await expect(
      page.getByRole('status').filter({ hasText: `Connected to ${SMART_PORTAL_NAME}.` }),
    ).toBeVisible();
    await expect(connection(page)).toContainText(/Last brought in .*: 4 lab results.*2 conditions/, {
      timeout: 30_000,
    });
  });

  await test.step('the lab results and conditions are in the record', async () => {
    await page.goto('/dashboard/lab-results');
    const tests = page.getByRole('list', { name: 'Lab tests' });
    await expect(tests.getByRole('listitem').filter({ hasText: 'Hemoglobin A1c' })).toContainText(
      '2 results',
    );
    await expect(tests).toContainText('LDL cholesterol');
    await page.goto('/dashboard/health-summary');
    const conditions = page.getByRole('list', { name: 'Conditions' });
    await expect(conditions).toContainText('Type 2 diabetes mellitus');
    await expect(conditions).toContainText('Hypertension');
  });

  await test.step('a result the portal adds later comes with Sync now, and only it', async () => {
    await addPortalLabResult({ loinc: '2345-7', name: 'Glucose', value: 98, unit: 'mg/dL' });
    await page.goto('/dashboard/health-systems');
    await connection(page)
      .getByRole('button', { name: /^Sync now/ })
      .click();
    await expect(connection(page)).toContainText(/Last brought in .*: 1 lab result\b/, { timeout: 30_000 });
    await page.goto('/dashboard/lab-results');
    await expect(page.getByRole('list', { name: 'Lab tests' })).toContainText('Glucose');
  });

  await test.step('disconnect: the connection goes, the records stay', async () => {
    await page.goto('/dashboard/health-systems');
    await connection(page)
      .getByRole('button', { name: `Disconnect ${SMART_PORTAL_NAME}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: `Disconnect ${SMART_PORTAL_NAME}?` });
    await expect(dialog).toContainText('records already brought in stay');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('No health systems connected yet')).toBeVisible();
    await page.goto('/dashboard/lab-results');
    await expect(page.getByRole('list', { name: 'Lab tests' })).toContainText('Glucose');
  });
});

test('the page fits a phone and passes axe there', async ({ page, accounts, signInAs }) => {
  await page.setViewportSize(PHONE);
  await signInAs(await accounts.general());
  await page.goto('/dashboard/health-systems');
  await expect(page.getByRole('heading', { name: 'Connect a health system' })).toBeVisible();
  await expect(page.getByText('No health systems connected yet')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('with no health system set up here: said once, Import a record offered, nothing to search or type', async ({
  page,
  accounts,
  signInAs,
}) => {
  // This server has a portal by now (the admin added it above): the page is shown the overview of an
  // instance where none is set up, as the server answers it before the admin adds one.
  await page.route('**/api/v1/public/overview', async (route) => {
    const body = await (await route.fetch()).json();
    await route.fulfill({ json: { ...body, features: { ...body.features, healthSystems: [] } } });
  });
  await signInAs(await accounts.general());
  await page.goto('/dashboard/health-systems');
  await expect(
    page.getByText('Connecting to patient portals and insurers is not set up on this Healthfolio'),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Import a record' })).toBeVisible();
  await expect(page.getByLabel('Search health systems and insurers')).toHaveCount(0);
  await expect(page.getByLabel('Or type the portal’s FHIR address')).toHaveCount(0);
  await expect(page.getByText('Choose one above')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const overviewRead = page.waitForResponse('**/api/v1/public/overview');
  await page.goto('/dashboard/lab-results');
  await overviewRead;
  await expect(page.getByRole('button', { name: 'Add a result' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Connect a health system/ })).toHaveCount(0);
});
