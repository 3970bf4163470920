import { expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { MEDICATION_BROWSER, postSchedule, toast } from './medications';

test.use(MEDICATION_BROWSER);

test('the dashboard card opens Medication Setup on a desktop', async ({ page, newAccount, signInAs }) => {
  await signInAs(await newAccount('meds-link-desktop', { type: 'general_health' }));
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Set up medication reminders' }).click();
  await expect(page.getByRole('tab', { name: 'Medication Setup' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Add Medication' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the compact view still leads to Medication Setup and to adding a notification', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    await signInAs(await newAccount('meds-link-phone', { type: 'general_health' }));
    await postSchedule(page, { medicationName: 'Lisinopril', dosage: '10 mg', dailyTimes: ['23:59'] });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Set up medication reminders' }).click();

    // The compact alerts view with its four tabs, and Medication Setup opened below it.
    await expect(page.getByRole('tab', { name: /^All/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Medication Setup' })).toHaveCount(0);
    const setup = page.getByRole('button', { name: 'Medication Setup' });
    await expect(setup).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Lisinopril 10 mg').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Folded away, it is out of the way and out of the accessibility tree.
    await setup.click();
    await expect(setup).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Add Medication' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Notification' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Call the pharmacy');
    await dialog.getByLabel('Content').fill('Ask about the refill');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Success', 'Notification created successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Call the pharmacy' })).toBeVisible();
  });
});
