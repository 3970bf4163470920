import type { Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

/** Builds a screenshot account's data through the API with the page's session. */
const post = async (page: Page, path: string, data: Record<string, unknown>) => {
  const res = await page.request.post(path, { data, headers: { Origin: process.env.E2E_BASE_URL ?? '' } });
  expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
};

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

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

    test('notifications and appointments', async ({ page, newAccount, signInAs }) => {
      await signInAs(await newAccount(`shots-${device}`, { type: 'general_health', name: 'Sam Sample' }));
      await post(page, '/api/v1/medications/schedules', {
        medicationName: 'Metformin',
        dosage: '500 mg',
        dailyTimes: ['08:00', '20:00'],
        specialInstructions: 'Take with food',
      });
      await post(page, '/api/v1/notifications', {
        type: 'notification',
        title: 'Book your annual eye exam',
        content: 'Recommended once a year with diabetes.',
        priority: 'high',
      });
      await post(page, '/api/v1/notifications', {
        type: 'note',
        title: 'Questions for Dr. Chen',
        content: 'Ask about the morning highs and the new sensor.',
      });
      await post(page, '/api/v1/appointments', {
        provider: 'Dr. Maya Chen',
        specialty: 'Endocrinology',
        date: inDays(9),
        startTime: '09:30',
        endTime: '10:00',
        location: 'Riverside Clinic, Suite 4',
        telehealthUrl: 'https://meet.example.com/chen',
        reason: 'A1C review',
        preparation: 'Bring your meter and a 2-week log',
      });
      await page.goto('/dashboard/notifications');
      await expect(page.getByRole('article', { name: 'Book your annual eye exam' })).toBeVisible();
      await saveScreenshot(page, `notifications-${device}`);
      await page.goto('/dashboard/appointments');
      await expect(page.getByText('Dr. Maya Chen').first()).toBeVisible();
      await saveScreenshot(page, `appointments-${device}`);
    });
  });
}
