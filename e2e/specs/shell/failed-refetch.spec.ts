import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

/**
 * The session, profile and household are read again in the background (after half a minute, when
 * the connection comes back): one of those reads failing must not take the page, or the form being
 * typed in, away from the user.
 */
test('a background check that fails keeps the open form and what was typed in it', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  await page.clock.install();
  await signInAs(await newAccount('refetch-fails', { type: 'general_health' }));
  await page.goto('/dashboard/trackers/weight');
  await page.getByRole('button', { name: 'Log Weight' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Weight' });
  await dialog.getByLabel('Weight', { exact: true }).fill('172.4');

  // Every read fails from now on; half a minute later the connection drops and comes back, so the
  // session, profile and household are read again (and again, once, after a second).
  let failed = 0;
  await context.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      failed++;
      return route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
      });
    },
  );
  await page.clock.fastForward(31_000);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => failed).toBeGreaterThan(0);
  await page.clock.runFor(5_000);
  await expect.poll(() => failed).toBeGreaterThanOrEqual(4);

  await expect(page.getByText('Could not check your session')).toHaveCount(0);
  await expect(page.getByText('Could not load your profile')).toHaveCount(0);
  await expect(dialog.getByLabel('Weight', { exact: true })).toHaveValue('172.4');

  // The server answers again: the entry is saved as typed.
  await context.unrouteAll();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved Weight')).toBeVisible();
  const { items } = await (await page.request.get('/api/v1/entries?tracker=weight')).json();
  expect(items.map((e: { data: { weight: number } }) => e.data.weight)).toEqual([172.4]);
});
