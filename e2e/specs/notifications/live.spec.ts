import { expect, test } from '../../support/fixtures';
import { card, markReadViaApi, openNotifications, postNotification } from './helpers';

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('notifications arriving while the page is open show up at once, without a reload', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('notif-live', { type: 'general_health' });
  await signInAs(account);
  await openNotifications(page);
  await expect(page.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // Gone if the page reloads: proves the list and toasts came over the live stream.
  await page.evaluate(() => {
    (window as unknown as { stayedOpen: boolean }).stayedOpen = true;
  });

  // A reminder from another device, due in 4 s: scheduled at once (not unread, not on the bell);
  // when due it is announced, moves into the list and counts as unread.
  const due = new Date(Date.now() + 4_000).toISOString();
  const walk = await postNotification(account, {
    type: 'reminder',
    title: 'Take a walk',
    content: 'Ten minutes outside.',
    dueDate: due,
  });
  const scheduled = page.getByRole('list', { name: 'Scheduled reminders' });
  const inbox = page.getByRole('list', { name: 'All notifications' });
  await expect(scheduled.getByRole('article', { name: 'Take a walk' })).toContainText('Scheduled');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(toast(page, 'Take a walk')).toContainText('Ten minutes outside.');
  await expect(toast(page, 'Take a walk')).not.toHaveAttribute('data-type', 'error');
  await expect(inbox.getByRole('article', { name: 'Take a walk' })).toContainText('Unread');
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reminders 1 unread' })).toBeVisible();

  // An urgent one is announced in the alarming style.
  await postNotification(account, {
    type: 'notification',
    title: 'Glucose very low',
    content: 'Eat 15 g of fast carbs now.',
    priority: 'urgent',
  });
  await expect(toast(page, 'Glucose very low')).toHaveAttribute('data-type', 'error');
  await expect(card(page, 'Glucose very low')).toContainText('Urgent priority');
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  // Read on another device: the card and the counts follow.
  await markReadViaApi(account, walk.id);
  await expect(card(page, 'Take a walk').getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reminders', exact: true })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
});

test('a refused stream is tried again, and what arrived meanwhile shows up without a reload', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('notif-reconnect', { type: 'general_health' });
  await signInAs(account);
  // The server is away for the stream (a proxy's 503): the browser's EventSource gives up for good.
  let refused = 0;
  await page.route('**/api/v1/notifications/stream', async (route) => {
    refused++;
    await route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' });
  });
  await openNotifications(page);
  await expect(page.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await expect.poll(() => refused).toBeGreaterThan(0);

  await postNotification(account, { type: 'note', title: 'Written meanwhile', content: 'On my phone.' });
  await page.unroute('**/api/v1/notifications/stream');
  // Reconnected a few seconds later, the page reads everything again: the note appears.
  await expect(card(page, 'Written meanwhile')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
});
