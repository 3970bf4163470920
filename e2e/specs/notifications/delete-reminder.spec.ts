import { expect, test } from '../../support/fixtures';
import { card, openNotifications, postNotification } from './helpers';

test('a daily reminder is deleted from the Scheduled list after a confirmation that it stops repeating', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('notif-delete-reminder', { type: 'general_health' });
  await postNotification(account, {
    type: 'reminder',
    title: 'Evening walk',
    content: 'Thirty minutes.',
    dueDate: '2030-06-02T18:00:00.000Z',
    reminderFrequency: 'daily',
  });
  // Arrived already (no due time): its card in the inbox offers Delete too.
  await postNotification(account, { type: 'reminder', title: 'Stretch', content: 'Ten minutes.' });
  await signInAs(account);
  await openNotifications(page);

  await expect(
    page.getByRole('list', { name: 'All notifications' }).getByRole('article', { name: 'Stretch' }),
  ).toContainText('Delete');

  const scheduled = page.getByRole('list', { name: 'Scheduled reminders' });
  await card(page, 'Evening walk')
    .getByRole('button', { name: 'Delete the reminder “Evening walk”' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this reminder?' });
  await expect(confirm).toContainText('“Evening walk” repeats daily. Deleting it stops the repeats');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(scheduled.getByRole('article')).toHaveCount(1);

  await card(page, 'Evening walk')
    .getByRole('button', { name: 'Delete the reminder “Evening walk”' })
    .click();
  await confirm.getByRole('button', { name: 'Delete Reminder' }).click();
  await expect(page.getByText('Reminder deleted; it will not repeat')).toBeVisible();
  await expect(scheduled).toHaveCount(0);
});
