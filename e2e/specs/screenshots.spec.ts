import { DESKTOP, expect, PHONE, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

// The README's screenshots of the main screens, in both platform modes, on a desktop and a phone.
for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`screenshots (${device})`, () => {
    test.use({ viewport, colorScheme: 'light' });

    test('landing and sign-in', async ({ page }) => {
      await page.goto('/');
      await expect(
        page.getByRole('heading', { name: 'Your health records, measurements and care team in one place' }),
      ).toBeVisible();
      await saveScreenshot(page, `landing-${device}`);
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
      await saveScreenshot(page, `auth-${device}`);
    });

    test('dashboard, general and diabetes', async ({ page, accounts, signInAs }) => {
      await signInAs(await accounts.general());
      await page.goto('/dashboard');
      await expect(page.getByText('No medications scheduled for today.')).toBeVisible();
      await saveScreenshot(page, `dashboard-general-${device}`);

      await page.context().clearCookies();
      await signInAs(await accounts.diabetes());
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Smart Diabetes Management', level: 1 })).toBeVisible();
      await saveScreenshot(page, `dashboard-diabetes-${device}`);
    });
  });
}
