import { expect, test } from '../../support/fixtures';

for (const path of ['/no-such-page', '/dashboard/no-such-screen']) {
  test(`an unknown path (${path}) shows the not-found screen with a way home`, async ({ page }) => {
    const response = await page.goto(path);
    // The server hands the app to any path; the app itself says the page does not exist.
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page).toHaveTitle('Healthfolio — Page not found');
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Choose your platform' })).toBeVisible();
  });
}
