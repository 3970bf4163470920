import type { Page } from '@playwright/test';
import type { Account } from '../../support/accounts';
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { APPOINTMENTS_BROWSER, dateAhead, postAppointment, section } from './helpers';

test.use(APPOINTMENTS_BROWSER);

// One account with an upcoming visit (every field filled) and a cancelled one, so both lists are checked filled in.
let account: Account | undefined;
const ensureAccount = async (page: Page, make: () => Promise<Account>) => {
  if (account) return page.context().addCookies(account.cookies);
  account = await make();
  await page.context().addCookies(account.cookies);
  await page.goto('/dashboard/appointments');
  await postAppointment(page, {
    provider: 'Dr. Axe Upcoming',
    specialty: 'Neurology',
    date: dateAhead(7),
    startTime: '08:00',
    endTime: '08:45',
    location: 'Neuro Center',
    telehealthUrl: 'https://video.example/axe',
    reason: 'Follow-up',
    preparation: 'List your symptoms',
  });
  const { id } = await postAppointment(page, {
    provider: 'Dr. Axe Cancelled',
    date: dateAhead(8),
    startTime: '10:00',
  });
  const res = await page.request.post(`/api/v1/appointments/${id}/cancel`, {
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.ok()).toBe(true);
};

for (const { name, viewport } of [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
]) {
  test(`the appointments page and its dialog pass axe on ${name}`, async ({ page, newAccount }) => {
    await page.setViewportSize(viewport);
    await ensureAccount(page, () => newAccount('appointments-axe'));
    await page.goto('/dashboard/appointments');
    await expect(section(page, 'Upcoming').getByRole('article', { name: 'Dr. Axe Upcoming' })).toBeVisible();
    await expect(section(page, 'Past').getByRole('article', { name: 'Dr. Axe Cancelled' })).toContainText(
      'Cancelled',
    );
    await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Schedule Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Appointment' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Enter the provider')).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing hides outside the phone's width: the Save button is reachable.
    await dialog.getByRole('button', { name: 'Save', exact: true }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  });
}
