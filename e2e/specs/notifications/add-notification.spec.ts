import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { card, listNotifications, openNotifications, openTab, setUserTimezone } from './helpers';

const addDialog = async (page: Page) => {
  await page.getByRole('button', { name: 'Add Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('the add dialog asks only for what each type has, and says when required fields are missing', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('notif-dialog', { type: 'general_health' }));
  await openNotifications(page);
  await expect(page.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  const dialog = await addDialog(page);
  const type = dialog.getByLabel('Type');
  // Opened from All: a notification, with a due date but no frequency; priority starts at medium.
  await expect(type).toHaveValue('notification');
  await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
  await expect(dialog.getByLabel('Due date')).toBeVisible();
  await expect(dialog.getByLabel('Frequency')).toHaveCount(0);
  await type.selectOption('note');
  await expect(dialog.getByLabel('Due date')).toHaveCount(0);
  await expect(dialog.getByLabel('Frequency')).toHaveCount(0);
  await type.selectOption('reminder');
  await expect(dialog.getByLabel('Due date')).toBeVisible();
  await expect(dialog.getByLabel('Frequency')).toBeVisible();

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Please fill in all required fields')).toHaveCount(2);
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Title').fill('Only a title');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Please fill in all required fields')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // The button is on every tab, Medication Setup included.
  for (const tab of ['Notes', 'Actions', 'Reminders', 'Medication Setup']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('button', { name: 'Add Notification' })).toBeVisible();
  }
});

test('a note, a notification and a reminder added through the dialog land in their tabs', async ({
  page,
  newAccount,
  signInAs,
}) => {
  const account = await newAccount('notif-add', { type: 'general_health' });
  await setUserTimezone(account, 'Asia/Tokyo');
  await signInAs(account);
  await openNotifications(page);

  const add = async (values: { type: string; title: string; due?: string; frequency?: string }) => {
    const dialog = await addDialog(page);
    await dialog.getByLabel('Type').selectOption(values.type);
    await dialog.getByLabel('Title').fill(values.title);
    await dialog.getByLabel('Content').fill(`About ${values.title.toLowerCase()}.`);
    if (values.due) await dialog.getByLabel('Due date').fill(values.due);
    if (values.frequency) await dialog.getByLabel('Frequency').selectOption(values.frequency);
    if (values.type === 'notification') await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Notification created successfully').first()).toBeVisible();
  };
  await add({ type: 'note', title: 'Pharmacy hours' });
  await add({ type: 'notification', title: 'Call the clinic', due: '2030-05-01T09:30' });
  await add({ type: 'reminder', title: 'Refill prescription', due: '2030-06-02T20:15', frequency: 'weekly' });

  const all = page.getByRole('list', { name: 'All notifications' });
  // Newest first; the reminder is still to come, so it waits under Scheduled, not unread.
  await expect(all.getByRole('article')).toHaveCount(2);
  await expect(all.getByRole('article').first()).toHaveAccessibleName('Call the clinic');
  await expect(page.getByRole('list', { name: 'Scheduled reminders' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  const notes = await openTab(page, /^Notes/);
  await expect(card(page, 'Pharmacy hours')).toContainText('From You');
  await expect(notes.getByRole('article')).toHaveCount(1);

  const actions = await openTab(page, /^Actions/);
  await expect(actions.getByRole('article')).toHaveCount(1);
  // Due dates are read and shown in the profile's time zone (Tokyo), not the browser's.
  await expect(card(page, 'Call the clinic')).toContainText('Due May 1, 2030, 9:30 AM');
  await expect(card(page, 'Call the clinic')).toContainText('High priority');

  const reminders = await openTab(page, /^Reminders/);
  await expect(reminders.getByText('No reminders yet.')).toBeVisible();
  const scheduled = reminders.getByRole('list', { name: 'Scheduled reminders' });
  await expect(scheduled.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Refill prescription')).toContainText('Scheduled');
  await expect(card(page, 'Refill prescription')).not.toContainText('Unread');
  await expect(card(page, 'Refill prescription')).toContainText('Due Jun 2, 2030, 8:15 PM');
  await expect(card(page, 'Refill prescription')).toContainText('Repeats weekly');

  const stored = await listNotifications(account);
  expect(stored.find((n) => n.title === 'Call the clinic')?.dueDate).toBe('2030-05-01T00:30:00.000Z');
});

test('the diabetes platform calls the screen Glucose Alerts', async ({ page, accounts, signInAs }) => {
  await signInAs(await accounts.diabetes());
  await openNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Glucose Alerts' })).toBeVisible();
});
