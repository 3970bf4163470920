import { DESKTOP, expect, PHONE, test } from '../../support/fixtures';

test.describe('desktop 1280×800', () => {
  test.use({ viewport: DESKTOP });

  test('header with mode switch, notifications and settings; main tabs; sidebar', async ({
    page,
    accounts,
    signInAs,
  }) => {
    await signInAs(await accounts.general());
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Healthfolio\s*Personal Health Hub/ })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(header.getByRole('button', { name: 'Complete Health' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Settings' })).toBeVisible();

    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(tabs).toHaveText(['Home', 'Log Data', 'Track Data', 'Achievements']);
    const sidebar = page.getByRole('navigation', { name: 'Secondary' });
    await expect(sidebar).toBeVisible();
    for (const name of ['Documents', 'Appointments', 'Sharing', 'Devices', 'Notifications', 'Alerts'])
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    // General mode has no diabetes tools.
    await expect(sidebar.getByRole('link', { name: 'Carb Counter' })).toHaveCount(0);

    // The general dashboard shows honest empty states, never sample numbers.
    await expect(page.getByRole('heading', { name: 'Health Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('No medications scheduled for today.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log a glucose reading' })).toHaveAttribute(
      'href',
      '/dashboard/log-data',
    );

    // The chrome works: a tab, a sidebar link and the header buttons open their screens.
    await tabs.filter({ hasText: 'Track Data' }).click();
    await expect(page).toHaveURL(/\/dashboard\/track-data$/);
    await expect(page.getByRole('heading', { name: 'Track Data', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Entries' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('heading', { name: 'Documents & Medical Records', level: 1 })).toBeVisible();
    await header.getByRole('button', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/dashboard\/notifications$/);
    await header.getByRole('button', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    // The first Tab stop is "Skip to content", shown once focused; it leads past the header, tabs and
    // sidebar, so the next Tab is already on the page's own content.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Health Dashboard', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  });
});

test('the home asks for its first data once, from the HTML, before its code runs', async ({
  page,
  accounts,
  signInAs,
}) => {
  await signInAs(await accounts.general());
  const asked = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
  });
  await page.goto('/dashboard');
  await expect(page.getByText('No glucose readings in the last 7 days.')).toBeVisible();
  await expect(page.getByText('No documents uploaded yet.')).toBeVisible();
  const preloaded = await page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(preloaded).toEqual(
    expect.arrayContaining(['/api/v1/profile', '/api/v1/trackers/blood-glucose/stats', '/api/v1/documents']),
  );
  // A preload whose address differed from the screen's fetch would be asked for a second time.
  for (const path of preloaded) expect(asked.get(path), path).toBe(1);
});

test.describe('phone 375×812', () => {
  test.use({ viewport: PHONE });

  test('top bar with title and account menu; bottom tabs; no sidebar', async ({
    page,
    accounts,
    signInAs,
  }) => {
    const account = await accounts.general();
    await signInAs(account);
    await page.goto('/dashboard');
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('heading', { name: 'Health Dashboard', level: 1 })).toBeVisible();
    await expect(topBar.getByRole('button', { name: 'Back' })).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Log', 'Track', 'Goals']);
    await expect(tabs).toBeInViewport();
    // None of the desktop chrome.
    await expect(page.getByRole('navigation', { name: 'Secondary' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Complete Health' })).toHaveCount(0);

    // Bottom tabs navigate; the top bar stays put while the page scrolls.
    await tabs.getByRole('link', { name: 'Goals' }).click();
    await expect(page).toHaveURL(/\/dashboard\/achievements$/);
    await expect(topBar.getByRole('heading', { name: 'Achievements' })).toBeVisible();

    // The account menu shows who is signed in and leads to settings, which has a back button.
    await topBar.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(account.email);
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(topBar.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect(topBar).toBeInViewport();
    await topBar.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('admin tab and link', () => {
  test('an admin sees the Admin tab and Admin Console link', async ({ page, accounts, signInAs }) => {
    await signInAs(await accounts.admin());
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
    ).toBeVisible();
    const consoleLink = page.getByRole('navigation', { name: 'Secondary' }).getByRole('link', {
      name: 'Admin Console',
    });
    await expect(consoleLink).toBeVisible();
    await consoleLink.click();
    await expect(page).toHaveURL(/\/dashboard\/admin-console$/);
    await expect(page.getByRole('heading', { name: 'Admin Console', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

    await page.setViewportSize(PHONE);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Log', 'Track', 'Goals', 'Admin']);
  });

  test('a normal user sees neither and is sent away from the console', async ({
    page,
    accounts,
    signInAs,
  }) => {
    await signInAs(await accounts.general());
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin Console' })).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Home',
      'Log',
      'Track',
      'Goals',
    ]);

    await page.goto('/dashboard/admin-console');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
  });
});
