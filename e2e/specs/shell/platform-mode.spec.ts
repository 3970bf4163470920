import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

const toast = (page: Page, description: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: 'Success!' }).filter({ hasText: description });

test('platform mode round trip: Complete Health → Diabetes-Focused → Complete Health', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('mode', { type: 'general_health' }));
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: /^Healthfolio\s*Personal Health Hub$/ })).toBeVisible();

  await test.step('switch to Diabetes-Focused', async () => {
    await page.getByRole('button', { name: 'Complete Health' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Platform Mode' });
    await expect(dialog).toContainText('Your data and preferences are preserved when you switch.');
    await expect(dialog.getByRole('radio', { name: /Complete Health/ })).toHaveAccessibleName(
      /Current platform/,
    );
    await expect(dialog.getByRole('radio', { name: /Diabetes-Focused/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Switch to Diabetes-Focused' }).click();

    await expect(toast(page, 'Switched to Diabetes-Focused platform.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expect(
      page.getByRole('link', { name: /Healthfolio Diabetes\s*Smart Diabetes Management/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Smart Diabetes Management', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Healthfolio — Smart Diabetes Management');
    await expect(page.getByRole('link', { name: 'Endo Visits' })).toBeVisible();
  });

  await test.step('the mode is kept by the server, not just the page', async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Diabetes-Focused' })).toBeVisible();
    await expect(toast(page, 'Switched to Diabetes-Focused platform.')).toHaveCount(0);
  });

  await test.step('cancel leaves the mode alone', async () => {
    await page.getByRole('button', { name: 'Diabetes-Focused' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Platform Mode' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Diabetes-Focused' })).toBeFocused();
  });

  await test.step('switch back to Complete Health', async () => {
    await page.getByRole('button', { name: 'Diabetes-Focused' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Platform Mode' });
    await dialog.getByRole('button', { name: 'Switch to Complete Health' }).click();
    await expect(toast(page, 'Switched to Complete Health platform.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('link', { name: /^Healthfolio\s*Personal Health Hub$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Health Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Healthfolio — Health Dashboard');
    await expect(page.getByRole('link', { name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Carb Counter' })).toHaveCount(0);
  });
});
