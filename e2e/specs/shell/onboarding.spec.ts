import type { Page } from '@playwright/test';
import { signUpAndConfirm } from '../../support/accounts';
import { expect, PASSWORD, test, uniqueEmail } from '../../support/fixtures';

const signInWithForm = async (page: Page, email: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

const profileZone = async (page: Page) =>
  ((await (await page.request.get('/api/v1/profile')).json()) as { timezone: string }).timezone;

test.describe('sign-in routing', () => {
  // A browser away from UTC: the first set-up gives the new profile this zone.
  test.use({ timezoneId: 'America/New_York' });

  test('a confirmed new user chooses a journey, then lands on that dashboard', async ({ page }) => {
    const email = uniqueEmail('choose');
    await signUpAndConfirm(email);

    await page.goto('/auth');
    await signInWithForm(page, email);
    await expect(page.getByRole('heading', { name: 'Choose Your Health Journey' })).toBeVisible();
    await expect(page).toHaveTitle('Healthfolio — Choose Your Health Journey');
    const diabetes = page.getByRole('radio', { name: /Smart Diabetes Management/ });
    const general = page.getByRole('radio', { name: /Comprehensive Health Management/ });
    await expect(diabetes).not.toBeChecked();
    await expect(general).not.toBeChecked();
    const next = page.getByRole('button', { name: 'Continue with Selected Option' });
    await expect(next).toBeDisabled();

    await diabetes.check();
    await next.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome!')).toBeVisible();
    await expect(page.getByRole('link', { name: /Healthfolio Diabetes/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Smart Diabetes Management', level: 1 })).toBeVisible();
    expect(await profileZone(page)).toBe('America/New_York');

    // The choice is kept: coming back to /auth goes straight to the dashboard.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: /Healthfolio Diabetes/ })).toBeVisible();
  });

  test('?type=diabetes skips the choice and starts in diabetes mode', async ({ page }) => {
    const email = uniqueEmail('typed');
    await signUpAndConfirm(email);

    await page.goto('/auth?type=diabetes');
    await expect(page.getByText('start with Smart Diabetes Management')).toBeVisible();
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Choose Your Health Journey' })).toHaveCount(0);
    await expect(page.getByText('Welcome!')).toBeVisible();
    const brand = page.getByRole('link', { name: /Healthfolio Diabetes/ });
    await expect(brand).toContainText('Smart Diabetes Management');
    await expect(page).toHaveTitle('Healthfolio — Smart Diabetes Management');
    // Diabetes mode: the diabetes tools and the diabetes titles in the sidebar.
    const sidebar = page.getByRole('navigation', { name: 'Secondary' });
    for (const name of ['Endo Visits', 'Care Team Access', 'CGM & Devices', 'Glucose Alerts', 'AI Assistant'])
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Carb Counter' })).toBeVisible();
  });

  test('?type=general for an undecided signed-in user sets the general platform', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    await signInAs(await newAccount('typed-general'));
    // A zone the user chose is theirs: the set-up does not replace it with the browser's.
    await page.request.patch('/api/v1/profile', { data: { timezone: 'Europe/Berlin' } });
    await page.goto('/auth?type=general');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await profileZone(page)).toBe('Europe/Berlin');
    await expect(page.getByRole('link', { name: /^Healthfolio\s*Personal Health Hub$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Health Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Health' })).toBeVisible();
  });

  test('the dashboard needs a session', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  });
});
