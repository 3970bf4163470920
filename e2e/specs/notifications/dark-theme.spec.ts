import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectNoAxeViolations, test } from '../../support/fixtures';

// Status colours (taken, overdue), priority badges and the unread highlight change with the theme.
test.use({ viewport: DESKTOP, colorScheme: 'dark' });

const post = async (page: Page, path: string, data: Record<string, unknown>) => {
  const res = await page.request.post(path, { data, headers: { Origin: process.env.E2E_BASE_URL ?? '' } });
  expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
  return res.json();
};

test('dark theme: notifications, Medication Setup and appointments have no axe violations', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('dark-notify', { type: 'general_health' }));
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await post(page, '/api/v1/medications/schedules', {
    medicationName: 'Atorvastatin',
    dosage: '20 mg',
    dailyTimes: ['09:00', '21:00'],
    startDate: yesterday,
  });
  const doses = await (await page.request.get('/api/v1/medications/doses?limit=2')).json();
  await page.request.post(`/api/v1/medications/doses/${doses.items[0].id}/take`, {
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  await post(page, '/api/v1/notifications', {
    type: 'notification',
    title: 'Urgent: call the clinic',
    content: 'About your lab results.',
    priority: 'urgent',
  });
  await post(page, '/api/v1/appointments', { provider: 'Dr. Night', date: '2031-06-01', startTime: '10:00' });

  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('article', { name: 'Urgent: call the clinic' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Medication Setup' }).click();
  await expect(page.getByText('Taken').first()).toBeVisible();
  await expect(page.getByText('Overdue').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/appointments');
  await expect(page.getByText('Dr. Night').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
