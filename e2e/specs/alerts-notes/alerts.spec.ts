import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { addNotifications, BANNER, SAMPLE } from './notify-api';

const card = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('article', { name: title });

test.describe('alerts page', () => {
  test.use({ viewport: DESKTOP });

  test('a signed-out visitor sees the demo banner and the sample alerts in four tabs', async ({ page }) => {
    await page.goto('/dashboard/alerts');
    await expect(page).toHaveTitle('Alerts - Health Dashboard');
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/alerts$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');

    const tabs = page.getByRole('tablist', { name: 'Alert types' });
    await expect(tabs.getByRole('tab')).toHaveCount(4);
    await expect(card(page, SAMPLE.all)).toBeVisible();
    await expect(card(page, SAMPLE.notes)).toBeVisible();
    // Samples are for looking at: nothing on them calls the server.
    await expect(page.getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await tabs.getByRole('tab', { name: /^Notes/ }).click();
    await expect(card(page, SAMPLE.notes)).toBeVisible();
    await expect(card(page, SAMPLE.all)).toBeHidden();
    await expect(page.getByText('From Dr. Alex Sample (Doctor)')).toBeVisible();
    await tabs.getByRole('tab', { name: /^Actions/ }).click();
    await expect(card(page, SAMPLE.actions)).toBeVisible();
    await expect(card(page, SAMPLE.actions).getByText('Urgent priority')).toBeVisible();
    await tabs.getByRole('tab', { name: /^Reminders/ }).click();
    await expect(card(page, SAMPLE.reminders)).toBeVisible();
    await expect(card(page, SAMPLE.all)).toBeVisible();
    await expect(card(page, SAMPLE.notes)).toBeHidden();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('other dashboard screens still send a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/dashboard/notes');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a signed-in user sees their own items, unread counts and no samples', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    const account = await newAccount('alerts-data', { type: 'general_health' });
    await addNotifications(account, [
      { type: 'note', title: 'Pharmacy called back', content: 'The refill is ready.' },
      { type: 'notification', title: 'Upload the lab results', content: 'From the March blood test.' },
    ]);
    await signInAs(account);
    await page.goto('/dashboard/alerts');
    await expect(card(page, 'Pharmacy called back')).toBeVisible();
    await expect(card(page, 'Upload the lab results')).toBeVisible();
    await expect(page.getByText(BANNER)).toBeHidden();
    await expect(card(page, SAMPLE.all)).toBeHidden();

    const tabs = page.getByRole('tablist', { name: 'Alert types' });
    await expect(tabs.getByRole('tab', { name: 'All, 2 unread' })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Notes, 1 unread' })).toBeVisible();
    await tabs.getByRole('tab', { name: /^Notes/ }).click();
    await expect(card(page, 'Upload the lab results')).toBeHidden();
    await card(page, 'Pharmacy called back').getByRole('button', { name: 'Mark Read' }).click();
    await expect(card(page, 'Pharmacy called back').getByText('Unread')).toBeHidden();
    await expect(tabs.getByRole('tab', { name: 'Notes', exact: true })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'All, 1 unread' })).toBeVisible();
  });

  test('a signed-in user with nothing yet sees an empty list, not samples', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    await signInAs(await newAccount('alerts-empty', { type: 'general_health' }));
    await page.goto('/dashboard/alerts');
    await expect(page.getByText('No alerts yet.')).toBeVisible();
    await expect(page.getByText(BANNER)).toBeHidden();
    await expect(card(page, SAMPLE.all)).toBeHidden();
  });

  test('when the list cannot be loaded a signed-in user gets the error and Try again, never samples', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    await signInAs(await newAccount('alerts-failed', { type: 'general_health' }));
    // Only the list request fails (the browser failing it); the unread counts still load.
    await page.route(/\/api\/v1\/notifications\?/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          title: 'Internal Server Error',
          status: 500,
          detail: 'The database is down.',
        }),
      }),
    );
    await page.goto('/dashboard/alerts');
    const error = page.getByRole('alert').filter({ hasText: 'Could not load your alerts' });
    // The list's query retries before it gives up: allow for that.
    await expect(error).toContainText('The database is down.', { timeout: 30_000 });
    await expect(page.getByText(BANNER)).toBeHidden();
    await expect(card(page, SAMPLE.all)).toBeHidden();
    await expect(page.getByText(/Metformin 500|245 mg\/dL/)).toHaveCount(0);

    // Once the server answers again, the real (empty) list replaces the error.
    await page.unroute(/\/api\/v1\/notifications\?/);
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No alerts yet.')).toBeVisible();
    await expect(error).toBeHidden();
  });
});

test.describe('compact alerts view on a phone', () => {
  test.use({ viewport: PHONE });

  test('notifications show as the compact view with four tabs; Glucose Alerts in diabetes mode', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    const account = await newAccount('alerts-phone', { type: 'diabetes_focused' });
    await addNotifications(account, [
      { type: 'notification', title: 'Check your sensor', content: 'It expires tomorrow.' },
      { type: 'reminder', title: 'Order test strips', content: 'Running low.' },
    ]);
    await signInAs(account);
    await page.goto('/dashboard/notifications');
    await expect(page.getByRole('heading', { name: 'Glucose Alerts', level: 1 })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Alert types' });
    await expect(tabs.getByRole('tab')).toHaveText([/^All/, /^Notes/, /^Actions/, /^Reminders/]);
    await expect(page.getByRole('tab', { name: /Medication Setup/ })).toHaveCount(0);
    await expect(card(page, 'Check your sensor')).toBeVisible();
    await expectNoAxeViolations(page);

    await tabs.getByRole('tab', { name: /^Actions/ }).click();
    await card(page, 'Check your sensor').getByRole('button', { name: 'Complete' }).click();
    await expect(card(page, 'Check your sensor').getByText('Completed')).toBeVisible();
    await tabs.getByRole('tab', { name: /^Reminders/ }).click();
    await expect(card(page, 'Order test strips')).toBeVisible();
    await expect(card(page, 'Check your sensor')).toBeHidden();
    await tabs.getByRole('tab', { name: /^Notes/ }).click();
    await expect(page.getByText('No notes yet.')).toBeVisible();
  });
});
