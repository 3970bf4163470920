import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Account } from '../../support/accounts';
import { expect, expectNoAxeViolations, mailsTo, test, uniqueEmail } from '../../support/fixtures';
import { apiAs } from '../notifications/helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

const json = async <T>(api: APIRequestContext, path: string) => {
  const res = await api.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
};

/** A user with a name to search for and a little activity of their own. */
const seedUser = async (
  newAccount: (tag: string, o?: { type?: 'general_health'; name?: string }) => Promise<Account>,
  name: string,
) => {
  const account = await newAccount('admin-seed', { type: 'general_health', name });
  const api = await apiAs(account);
  try {
    for (const weight of [70.2, 70.4]) {
      const res = await api.post('/api/v1/entries', {
        data: { tracker: 'weight', occurredAt: new Date().toISOString(), data: { weight, weightUnit: 'kg' } },
      });
      expect(res.ok()).toBe(true);
    }
    const profile = await json<{ userId: string }>(api, '/api/v1/profile');
    return { account, userId: profile.userId };
  } finally {
    await api.dispose();
  }
};

/** The user shares with a caregiver, who opens the link once (the share becomes active). */
const shareAndOpen = async (browser: Browser, account: Account, email: string) => {
  const api = await apiAs(account);
  try {
    const res = await api.post('/api/v1/shares', { data: { email, name: 'Carer Kim' } });
    expect(res.ok(), `share: ${res.status()}`).toBe(true);
    const token = new URL(((await res.json()) as { link: string }).link).pathname.split('/').pop()!;
    const carer = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    expect((await carer.request.get(`/api/v1/shared/${token}`)).status()).toBe(200);
    await carer.close();
    return token;
  } finally {
    await api.dispose();
  }
};

test.describe('admin console', () => {
  // A browser zone no profile here uses: the console's times must follow the admin's profile instead.
  test.use({ locale: 'en-US', timezoneId: 'Pacific/Kiritimati' });

  test('each tab shows the platform’s own figures, and passes axe', async ({
    page,
    browser,
    accounts,
    signInAs,
    newAccount,
  }) => {
    const name = `Ada Seeded ${Date.now().toString(36)}`;
    const { userId, account } = await seedUser(newAccount, name);
    const carerEmail = uniqueEmail('admin-carer');
    const token = await shareAndOpen(browser, account, carerEmail);
    const admin = await accounts.admin();
    await signInAs(admin);
    const api = await apiAs(admin);
    await page.goto('/dashboard/admin-console');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText('Admin Access', { exact: true })).toBeVisible();

    await test.step('Dashboard', async () => {
      const d = await json<{ totalUsers: number }>(api, '/api/v1/admin/dashboard');
      const total = page.getByText('Total users').locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
      await expect(total).toContainText(new Intl.NumberFormat('en-US').format(d.totalUsers));
      await expect(page.getByText('All Systems Operational')).toBeVisible();
      await expect(page.getByText('Registration')).toBeVisible();
      await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('Users: search, details with counts only', async () => {
      await openTab(page, 'Users');
      await page.getByLabel('Search users by name or id').fill(name.toUpperCase());
      const users = page.getByRole('list', { name: 'Users' });
      await expect(users.getByRole('listitem')).toHaveCount(1);
      await expect(users).toContainText(userId.slice(0, 8));
      await users.getByRole('button', { name: `Details of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toContainText('Weight: 2');
      const { timezone } = await json<{ timezone: string }>(api, '/api/v1/profile');
      const { createdAt } = await json<{ createdAt: string }>(api, `/api/v1/admin/users/${userId}`);
      const at = { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone } as const;
      await expect(dialog).toContainText(new Intl.DateTimeFormat('en-US', at).format(new Date(createdAt)));
      await expect(dialog).not.toContainText('70.2');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      // The admin's own row offers no Disable (the server would refuse it).
      const me = await json<{ userId: string }>(api, '/api/v1/profile');
      await page.getByLabel('Search users by name or id').fill(me.userId);
      await expect(users.getByRole('listitem')).toHaveCount(1);
      await expect(users).toContainText('Your account');
      await expect(users.getByRole('button', { name: /^Disable/ })).toHaveCount(0);
      await page.getByLabel('Search users by name or id').fill('no-such-person-anywhere');
      await expect(page.getByText('No users found matching your criteria')).toBeVisible();
    });

    await test.step('Caregivers: search, revoke an active share, badge changes', async () => {
      await openTab(page, 'Caregivers');
      await page.getByLabel('Search caregivers by email, name or patient name').fill(name.toUpperCase());
      const list = page.getByRole('list', { name: 'Caregivers' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText(carerEmail);
      await expect(list.getByText('Active', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await list.getByRole('button', { name: `Revoke access of Carer Kim to ${name}` }).click();
      await expect(toast(page, 'Access Revoked')).toContainText(
        'Caregiver access has been revoked successfully',
      );
      await expect(list.getByText('Revoked', { exact: true })).toBeVisible();
      await expect(list.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
      const carer = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      expect((await carer.request.get(`/api/v1/shared/${token}`)).status()).toBe(404);
      await carer.close();
      await page.getByLabel('Search caregivers by email, name or patient name').fill('nobody-like-this');
      await expect(page.getByText('No caregivers found matching your criteria')).toBeVisible();
    });

    await test.step('Analytics', async () => {
      await openTab(page, 'Analytics');
      const perTracker = page.getByRole('table', { name: 'Entries per tracker' });
      const a = await json<{ entriesPerTracker: { tracker: string; count: number }[] }>(
        api,
        '/api/v1/admin/analytics',
      );
      const weight = a.entriesPerTracker.find((e) => e.tracker === 'weight')!;
      expect(weight.count).toBeGreaterThanOrEqual(2);
      await expect(perTracker.getByRole('row', { name: `Weight ${weight.count}` })).toBeVisible();
      // Titles and words, not tracker keys, audit record kinds or device codes.
      await expect(page.getByRole('table', { name: 'Feature use' })).toContainText('Tracker entries');
      await expect(page.getByRole('main')).not.toContainText(
        /\b(blood-glucose|mood-energy|shared_access|desktop)\b/,
      );
      await expect(page.getByText('API response times')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('Data Management', async () => {
      await openTab(page, 'Data Management');
      await expect(page.getByRole('cell', { name: 'public.tracker_entries' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'public.shared_access' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('Data Management: Back up now, the backup gets to Done, Download gives the file', async () => {
      await page.getByRole('button', { name: 'Back up now' }).click();
      const newest = page.getByRole('table', { name: 'Backups, newest first' }).getByRole('row').nth(1);
      await expect(newest).toContainText('Done', { timeout: 30_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        newest.getByRole('link', { name: /Download/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^healthfolio-backup-.+Z\.tar\.gz$/);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]); // a gzipped tarball of the data directory
      // Headings stand apart, and at the end of the page the last one is in full view (not under the
      // assistant's button; the "Backup started" toast gone first).
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
      const heads = page.getByRole('table', { name: 'Backups, newest first' }).getByRole('columnheader');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const layout = await heads.evaluateAll((ths) =>
        ths.map((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          const r = range.getBoundingClientRect();
          const hit = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
          return { left: r.left, right: r.right, visible: !!hit && th.contains(hit) };
        }),
      );
      for (let i = 1; i < layout.length; i++)
        expect(layout[i]!.left - layout[i - 1]!.right).toBeGreaterThanOrEqual(12);
      expect(layout.every((h) => h.visible)).toBe(true);
      await expectNoAxeViolations(page);
    });

    await test.step('Settings: grouped, and invalid JSON is refused', async () => {
      await openTab(page, 'Settings');
      for (const group of ['Security', 'Storage', 'Notifications', 'User management', 'Other'])
        await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
      const size = page.getByRole('form', { name: /Maximum file size/ });
      await expect(size).not.toContainText('max_file_size');
      await expect(size.getByLabel('Size')).toBeVisible();
      await size.getByRole('button', { name: 'Advanced: edit the stored value' }).click();
      await size.getByLabel('Stored value (JSON, for admins)').fill('{ "value": 5, ');
      await size.getByRole('button', { name: /Save/ }).click();
      await expect(size.getByText(/This is not valid JSON/)).toBeVisible();
      await size.getByLabel('Stored value (JSON, for admins)').fill('{ "value": 5, "unit": "TB" }');
      await size.getByRole('button', { name: /Save/ }).click();
      await expect(toast(page, 'Failed to update setting')).toContainText('The unit must be MB or GB');
      await expectNoAxeViolations(page);
    });

    await test.step('Audit Logs', async () => {
      await openTab(page, 'Audit Logs');
      await page.getByLabel(/Search audit logs/).fill(userId.slice(0, 13));
      await expect(page.getByRole('cell', { name: `${name} created their account` }).first()).toBeVisible();
      await page.getByText('7d', { exact: true }).click();
      await expect(page.getByRole('cell', { name: `${name} added an entry` }).first()).toBeVisible();
      // The people by name and the browser in words: no action codes or raw user agents.
      await page.getByLabel(/Search audit logs/).fill(name);
      await expect(page.getByRole('cell', { name: `${name} added an entry` }).first()).toBeVisible();
      const log = page.getByRole('table');
      await expect(log).not.toContainText('Mozilla/');
      await expect(log).not.toContainText(/\b(sign_up|create|assign_role)\b/);
      await page.getByLabel(/Search audit logs/).fill('nothing-like-this');
      await expect(page.getByText('No audit logs found matching your criteria')).toBeVisible();
      // The Settings step's toast gone first: axe measures a fading toast's blended colours.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
      await expectNoAxeViolations(page);
    });
    await api.dispose();
  });

  test('role change, an in-app message on the user’s open page, and an email over SMTP', async ({
    page,
    browser,
    accounts,
    signInAs,
    newAccount,
  }) => {
    const name = `Ben Seeded ${Date.now().toString(36)}`;
    const { account } = await seedUser(newAccount, name);
    const userContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    await userContext.addCookies(account.cookies);
    const userPage = await userContext.newPage();
    await userPage.goto('/dashboard/notifications');
    await expect(userPage.getByText('No notifications yet.', { exact: false })).toBeVisible();

    await signInAs(await accounts.admin());
    await page.goto('/dashboard/admin-console?tab=users');
    await page.getByLabel('Search users by name or id').fill(name);
    await page.getByLabel(`Role of ${name}`).selectOption('moderator');
    await expect(toast(page, 'Role updated')).toContainText('User role has been changed to Moderator');
    await expect(
      page.getByRole('list', { name: 'Users' }).getByText('Moderator', { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Users' })).not.toContainText(/\b(user|moderator|admin)\b/);

    await openTab(page, 'Communication');
    await expect(page.getByText('All users will be notified')).toBeVisible();
    await expect(page.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText(
      'Notification',
    );
    await expect(page.getByLabel('Priority', { exact: true }).locator('option:checked')).toHaveText('Medium');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    await page.getByRole('checkbox', { name: new RegExp(name) }).check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Planned upgrade');
    await page.getByLabel('Content', { exact: true }).fill('The app will be offline at 22:00 UTC.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Message Sent')).toContainText('Message sent to 1 user successfully');
    await expect(toast(userPage, 'Planned upgrade')).toContainText('The app will be offline at 22:00 UTC.');
    await expect(userPage.getByText('System Administrator').first()).toBeVisible();

    const to = uniqueEmail('admin-mail');
    const send = page.getByRole('button', { name: 'Send Email' });
    await page.getByLabel('Email type').selectOption('appointment_reminder');
    await expect(send).toBeDisabled();
    await page.getByLabel('Recipient email').fill(to);
    await page.getByLabel('Recipient name (optional)').fill('Cleo');
    await page.getByLabel('Appointment type').fill('Eye exam');
    await page.getByLabel('Date and time').fill('2026-12-01T09:30');
    await send.click();
    await expect(toast(page, 'Email sent successfully')).toContainText(
      `Appointment reminder email sent to ${to}`,
    );
    await expect
      .poll(async () => (await mailsTo(to)).map((m) => m.subject))
      .toEqual(['Appointment reminder']);
    const [mail] = await mailsTo(to);
    expect(mail!.text).toContain('Hello Cleo,');
    expect(mail!.text).toContain('Appointment: Eye exam');
    expect(mail!.text).toContain('/dashboard/appointments');
    await userContext.close();
  });

  test('maintenance mode shows the message to a user and not to the admin', async ({
    page,
    browser,
    accounts,
    signInAs,
    newAccount,
  }) => {
    const user = await newAccount('maintenance', { type: 'general_health' });
    const admin = await accounts.admin();
    const adminApi = await apiAs(admin);
    const userContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    await userContext.addCookies(user.cookies);
    const userPage = await userContext.newPage();
    await signInAs(admin);
    try {
      await page.goto('/dashboard/admin-console?tab=settings');
      const maintenance = page.getByRole('form', { name: /Maintenance mode/ });
      await maintenance.getByLabel('Maintenance mode on').check();
      await maintenance.getByLabel('Message shown to users').fill('Upgrading the database, back at noon.');
      await maintenance.getByRole('button', { name: /Save/ }).click();
      await expect(toast(page, 'Setting updated')).toContainText(
        'Platform setting has been saved successfully',
      );

      await userPage.goto('/dashboard');
      await expect(userPage.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();
      await expect(userPage.getByText('Upgrading the database, back at noon.')).toBeVisible();
      await userPage.goto('/');
      await expect(userPage.getByRole('status')).toContainText('Upgrading the database, back at noon.');

      await page.goto('/dashboard/admin-console');
      await expect(page.getByText('Maintenance mode')).toBeVisible();
      await expect(page.getByText('ON', { exact: true })).toBeVisible();
    } finally {
      await adminApi.put('/api/v1/admin/settings/maintenance_mode', {
        data: { value: { enabled: false, message: 'Back soon.' } },
      });
      await adminApi.dispose();
    }
    await userPage.goto('/dashboard');
    await expect(userPage.getByRole('heading', { name: 'Health Dashboard' })).toBeVisible();
    await userContext.close();
  });
});
