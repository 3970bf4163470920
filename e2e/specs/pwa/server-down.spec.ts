import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { isoAt, postEntry } from '../trackers/tracking';
import { controlled, savedOnDevice } from './offline-helpers';

test.use({ locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test('the server down behind its proxy (502): the app opens with what was saved, keeps entries, and sends them when the server answers', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('server-down', { type: 'general_health' }));
  await page.goto('/dashboard/trackers/weight');
  await postEntry(page, {
    tracker: 'weight',
    occurredAt: isoAt(1, '08:00'),
    data: { weight: 58.7, weightUnit: 'kg' },
  });
  await page.reload();
  await expect(page.getByText('58.7 kg').first()).toBeVisible();
  await controlled(page);
  await expect.poll(async () => (await savedOnDevice(page)).snapshots).toBe(1);

  // The browser has its network; the server does not answer: its proxy says 502, for pages and API.
  await context.route(
    (url) => url.pathname.startsWith('/api/') || !url.pathname.includes('.'),
    (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
  );
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'The Healthfolio server is not answering' }),
  ).toContainText(/Showing what was saved on this device at \d{1,2}:\d\d/);
  await expect(page.getByRole('heading', { level: 1, name: 'Weight' })).toBeVisible();
  await expect(page.getByText('58.7 kg').first()).toBeVisible();
  await expect(page.getByText('502 Bad Gateway')).toHaveCount(0);

  // A screen this device saved nothing for says so, rather than spinning.
  await page.getByRole('link', { name: 'Home' }).click();
  await page.goto('/dashboard/notes');
  await expect(page.getByRole('status').filter({ hasText: 'Not saved on this device' })).toContainText(
    'It loads once the connection is back.',
  );

  await page.goto('/dashboard/trackers/weight');
  await page.getByRole('button', { name: 'Log Weight' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Weight' });
  await dialog.getByLabel('Weight', { exact: true }).fill('58.1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Weight kept on this device')).toBeVisible();

  // The server is back: the app finds out by itself and sends what waited.
  await context.unrouteAll();
  await expect(toast(page, 'Back online')).toContainText('1 entry sent.', { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'not answering' })).toHaveCount(0);
  const { items } = await (await page.request.get('/api/v1/entries?tracker=weight')).json();
  expect(items.map((e: { data: { weight: number } }) => e.data.weight).sort()).toEqual([58.1, 58.7]);
});
