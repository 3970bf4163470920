import type { Page } from '@playwright/test';
import { expect } from '../../support/fixtures';

/**
 * Shared by the medication specs. Their accounts keep the profile's default time zone (UTC) and the
 * browser runs in UTC with en-US formats, so days and times read the same on any machine.
 */
export const MEDICATION_BROWSER = { locale: 'en-US', timezoneId: 'UTC' } as const;

const DAY = 86_400_000;

/**
 * A calendar day `offset` days from today, as a date input holds it ("2026-11-02"): in UTC, or in a
 * zone `utcOffsetHours` ahead of it.
 */
export const day = (offset = 0, utcOffsetHours = 0) =>
  new Date(Date.now() + offset * DAY + utcOffsetHours * 3_600_000).toISOString().slice(0, 10);

/**
 * Puts the account's profile in a fixed-offset zone where it is about noon now (12:00 to 12:59), so
 * midnight, 08:00 and 20:00 are hours away whenever the suite runs; its calendar day is the UTC one
 * (Etc/GMT+N is N hours behind UTC). Returns the zone's offset from UTC in hours.
 */
export const setNoonZone = async (page: Page) => {
  const offset = 12 - new Date().getUTCHours();
  const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  const patched = await page.request.patch('/api/v1/profile', {
    data: { timezone: zone },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  return offset;
};

/** Opens the notifications screen on its "Medication Setup" tab. */
export const openMedicationSetup = async (page: Page) => {
  await page.goto('/dashboard/notifications');
  await page.getByRole('tab', { name: 'Medication Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Medication reminders' })).toBeVisible();
};

/** The doses listed for a day ("Today", "Tomorrow", "Yesterday"). */
export const dosesOn = (page: Page, label: string) => page.getByRole('list', { name: `Doses: ${label}` });

/** A toast with its title and description, as sonner shows it. */
export const toast = (page: Page, title: string, description?: string) => {
  const t = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return description ? t.filter({ hasText: description }) : t;
};

/** Creates a schedule through the API with the page's session, as fixtures build data. */
export const postSchedule = async (page: Page, body: Record<string, unknown>) => {
  const res = await page.request.post('/api/v1/medications/schedules', {
    data: body,
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.status(), `POST schedule: ${await res.text()}`).toBe(201);
  return (await res.json()) as { created: number };
};
