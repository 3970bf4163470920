import { DESKTOP, expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { addNotifications, BANNER } from './notify-api';

// The unread highlight, badges and banner change colour with the theme; check them in the dark one.
test.use({ viewport: DESKTOP, colorScheme: 'dark' });

test('dark theme: the demo alerts, a real list and the notes dialog have no axe violations', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await page.goto('/dashboard/alerts');
  await expect(page.getByText(BANNER)).toBeVisible();
  await expectNoAxeViolations(page);

  const account = await newAccount('alerts-dark', { type: 'general_health' });
  await addNotifications(account, [
    { type: 'note', title: 'Bring the glucose meter', content: 'To the next visit.' },
    { type: 'notification', title: 'Confirm the appointment', content: 'Call the clinic.' },
  ]);
  await signInAs(account);
  await page.goto('/dashboard/alerts');
  await expect(page.getByRole('article', { name: 'Confirm the appointment' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/notes');
  await expect(page.getByRole('article', { name: 'Bring the glucose meter' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Note' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await expectNoAxeViolations(page);
});
