import { expect, test } from '../../support/fixtures';
import { card, openNotifications, openTab, postNotification } from './helpers';

test('Mark Read lowers the unread badges and Complete finishes a task', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('notif-read', { type: 'general_health' });
  await postNotification(account, { type: 'note', title: 'Blood test results', content: 'All normal.' });
  await postNotification(account, {
    type: 'notification',
    title: 'Book a check-up',
    content: 'Before June.',
  });
  await signInAs(account);
  await openNotifications(page);

  await expect(page.getByRole('tab', { name: 'All 2 unread' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Notes 1 unread' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Actions 1 unread' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reminders', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  const note = card(page, 'Blood test results');
  await expect(note).toContainText('Unread');
  // With the keyboard: once read, focus is on the card, not lost to the page.
  await note.getByRole('button', { name: 'Mark Read' }).focus();
  await page.keyboard.press('Enter');
  await expect(note.getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
  await expect(note).toBeFocused();
  await expect(note).not.toContainText('Unread');
  await expect(page.getByRole('tab', { name: 'All 1 unread' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Notes', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  // A note is not a task: nothing to complete.
  await expect(note.getByRole('button', { name: 'Complete' })).toHaveCount(0);

  await openTab(page, /^Actions/);
  const task = card(page, 'Book a check-up');
  await task.getByRole('button', { name: 'Complete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Task completed')).toBeVisible();
  await expect(task).toBeFocused();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(task.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(task).toContainText('Completed');

  // Kept on the server.
  await page.reload();
  await openTab(page, /^Actions/);
  await expect(card(page, 'Book a check-up')).toContainText('Completed');
  await expect(page.getByRole('tab', { name: 'Notes', exact: true })).toBeVisible();
});
