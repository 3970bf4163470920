import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, mailedLink, test } from '../../support/fixtures';
import { TRACKING_BROWSER, toast } from '../trackers/tracking';

test.use(TRACKING_BROWSER);

const LOADED = { timeout: 30_000 };

/**
 * The run's server sends email; this page is shown the answers of one that does not: the services
 * say mail is off, and the invitation's answer carries its link unsent (the server's tests cover that
 * answer itself). The link is the real one, taken from the test mailbox.
 */
const asServerWithoutMail = async (page: Page, invited: string) => {
  await page.route('**/api/v1/services', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), mail: false } });
  });
  await page.route('**/api/v1/household/people/*/invitations', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const res = await route.fetch();
    const created = await res.json();
    const link = await mailedLink(invited, /invited you to look after Mia/);
    const { link: _none, ...rest } = created;
    await route.fulfill({ response: res, json: { ...rest, emailed: false, link } });
  });
};

test('without email, a parent still invites a guardian: the dialog gives the link to copy', async ({
  page,
  browser,
  newAccount,
  signInAs,
}) => {
  const parent = await newAccount('hh-nomail', { type: 'general_health', name: 'Nora Parent' });
  await signInAs(parent);
  const invited = (await newAccount('hh-nomail-dad', { type: 'general_health' })).email;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await asServerWithoutMail(page, invited);

  await page.goto('/dashboard/settings');
  const card = page.getByRole('heading', { name: 'Household', level: 2 }).locator('xpath=../..');
  await card.getByRole('button', { name: 'Add a person' }).click(LOADED);
  const add = page.getByRole('dialog', { name: 'Add a person' });
  await add.getByLabel('Name').fill('Mia');
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(toast(page, 'Person added')).toBeVisible();

  await page.getByRole('region', { name: 'Mia' }).getByRole('button', { name: 'Invite a guardian' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a guardian for Mia' });
  await expect(dialog.getByText('You get a link to send them')).toBeVisible();
  await expect(dialog.getByText(/does not send email, so an invitation cannot reach anyone/)).toHaveCount(0);
  await dialog.getByLabel('Email address').fill(invited);
  const create = dialog.getByRole('button', { name: 'Create invitation' });
  await expect(create).toBeEnabled();
  await create.click();

  await expect(dialog.getByText(`so ${invited} has not been emailed`)).toBeVisible(LOADED);
  const field = dialog.getByLabel('Invitation link');
  await expect(field).toHaveValue(/\/household\/invitations\/[A-Za-z0-9_-]{43}$/);
  const link = await field.inputValue();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Copy invitation link' }).click();
  await expect(toast(page, 'Invitation link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Mia' }).getByText(invited, { exact: true })).toBeVisible();

  // The copied link is the invitation.
  const other = await (await browser.newContext(TRACKING_BROWSER)).newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Keep Mia’s health record with Nora Parent' })).toBeVisible(
    LOADED,
  );
  await other.context().close();
});
