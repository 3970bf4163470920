import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { isoAt, postEntry } from '../trackers/tracking';
import { controlled, goOffline, savedOnDevice, savedPlainText } from './offline-helpers';

test.use({ locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test('opened offline from cold, the dashboard shows what this device saved; entries still queue; sign-out, even offline, clears it', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('pwa-cold', { type: 'general_health', name: 'Olive Offline' }));
  await page.goto('/dashboard/trackers/weight');
  await postEntry(page, {
    tracker: 'weight',
    occurredAt: isoAt(1, '08:00'),
    data: { weight: 64.3, weightUnit: 'kg' },
  });
  await page.reload();
  await expect(page.getByText('64.3 kg').first()).toBeVisible();
  await controlled(page);
  await expect.poll(async () => (await savedOnDevice(page)).snapshots).toBe(1);
  const saved = await savedOnDevice(page);
  expect(saved.text).not.toContain('64.3');
  expect(saved.text).not.toContain('Olive');
  // Opened, they hold the screen's data and who is signed in, never the session's token.
  const plain = await savedPlainText(page);
  expect(plain).toContain('64.3');
  expect(plain).toContain('Olive Offline');
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
  const token = decodeURIComponent(cookie?.value ?? '').split('.')[0] ?? '';
  expect(token.length).toBeGreaterThan(20);
  expect(plain).not.toContain(token);

  await goOffline(context, page);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(
    /Showing what was saved on this device at \d{1,2}:\d\d/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Weight' })).toBeVisible();
  await expect(page.getByText('64.3 kg').first()).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Olive Offline');
  await page.keyboard.press('Escape');
  // Logging offline still queues, and sends once when the connection returns.
  await page.getByRole('button', { name: 'Log Weight' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Weight' });
  await dialog.getByLabel('Weight', { exact: true }).fill('63.9');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Weight kept on this device')).toBeVisible();
  await context.setOffline(false);
  await expect(toast(page, 'Back online')).toContainText('1 entry sent.');
  const { items } = await (await page.request.get('/api/v1/entries?tracker=weight')).json();
  expect(items.map((e: { data: { weight: number } }) => e.data.weight).sort()).toEqual([63.9, 64.3]);

  // Signing out, even without a connection, forgets what was saved at once: the account no longer
  // opens on this device.
  await expect.poll(async () => (await savedOnDevice(page)).snapshots).toBe(1);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(async () => savedOnDevice(page)).toMatchObject({ snapshots: 0, keys: 0 });
  await page.goto('/dashboard/trackers/weight');
  await expect(page.getByText('Nothing of your account is saved on this device yet')).toBeVisible();
  await expect(page.getByText('64.3 kg')).toHaveCount(0);
});
