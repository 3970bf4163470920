import { expect, test } from '../../support/fixtures';

test.describe('landing page', () => {
  test('signed out: every button leads where the spec says', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Healthfolio — Personal Health Records');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Your health records, measurements and care team in one place',
      }),
    ).toBeVisible();
    // Every section of the spec is there.
    for (const section of [
      'Choose your platform',
      'Bring in readings from your devices',
      'Start keeping your health records',
    ]) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Start Diabetes Management' })).toHaveAttribute(
      'href',
      '/auth?type=diabetes',
    );
    await expect(main.getByRole('link', { name: 'Explore General Platform' })).toHaveAttribute(
      'href',
      '/auth?type=general',
    );
    const trials = main.getByRole('link', { name: 'Get Started' });
    await expect(trials).toHaveCount(2);
    for (const link of await trials.all()) await expect(link).toHaveAttribute('href', '/auth');
    await expect(main.getByRole('link', { name: 'Connect Your Devices' })).toHaveAttribute(
      'href',
      '/dashboard/devices',
    );
    await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
    // No claims this instance cannot back: no invented user counts, trials or credit cards.
    await expect(main).not.toContainText(/500K|98%|24\/7|500\+|trial|credit card/i);
    await expect(main.getByText('Open source', { exact: true })).toBeVisible();
    // What this instance is set up for: a model on its own machine (the stub on loopback), Terra on.
    await expect(main.getByText('Free and open source. Your records stay on this server.')).toBeVisible();
    await expect(main.getByText('Fitness wearables')).toBeVisible();
    await expect(main.getByText('Nightscout, xDrip+ and similar apps')).toBeVisible();
    // The published targets in the colours the time-in-range bar gives their bands: green is in
    // range only, never a low.
    const swatch = (name: string) =>
      main
        .getByRole('listitem')
        .filter({ hasText: `${name}:` })
        .locator('span[aria-hidden="true"]');
    await expect(swatch('In range 70–180')).toHaveCSS('background-color', 'rgb(0, 158, 115)');
    await expect(swatch('Above 180')).toHaveCSS('background-color', 'rgb(240, 228, 66)');
    await expect(swatch('Below 70')).toHaveCSS('background-color', 'rgb(204, 121, 167)');
    await expect(swatch('Below 54')).toHaveCSS('background-color', 'rgb(213, 94, 0)');
    // On a phone the targets chart's bar names stay apart, none running into the next.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('region', { name: 'Measured against published targets' })
      .evaluate((section) => section.scrollIntoView({ block: 'end' }));
    const gaps = () =>
      page.evaluate(() => {
        const boxes = Array.from(document.querySelectorAll('.recharts-wrapper text'))
          .filter((t) => /^(In range|Above|Below)/.test(t.textContent ?? ''))
          .map((t) => t.getBoundingClientRect());
        return boxes.slice(1).map((b, i) => b.left - (boxes[i]?.right ?? 0));
      });
    await expect.poll(async () => (await gaps()).length).toBe(3);
    await expect.poll(async () => Math.min(...(await gaps()))).toBeGreaterThan(0);

    // Sign-in and sign-up links for signed-out visitors, and the title back to /.
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(account.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?tab=signup');
    await expect(page.getByRole('banner').getByRole('link', { name: /Healthfolio/ })).toHaveAttribute(
      'href',
      '/',
    );

    // Following the diabetes start opens sign-in for that journey.
    await main.getByRole('link', { name: 'Start Diabetes Management' }).click();
    await expect(page).toHaveURL(/\/auth\?type=diabetes$/);
    await expect(page.getByText('start with Smart Diabetes Management')).toBeVisible();

    // The sign-up link opens the Sign Up tab.
    await page.goto('/');
    await account.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  });

  test('signed in: the calls to action say "Go to Dashboard" and open it', async ({
    page,
    accounts,
    signInAs,
  }) => {
    await signInAs(await accounts.general());
    await page.goto('/');
    const goTo = page.getByRole('link', { name: 'Go to Dashboard' });
    // Header, hero, both platform cards and the final call to action.
    await expect(goTo).toHaveCount(5);
    for (const link of await goTo.all()) await expect(link).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);

    await goTo.first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Health Dashboard' })).toBeVisible();
  });
});
