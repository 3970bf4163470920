import type { Page } from '@playwright/test';
import { expect } from '../../support/fixtures';

/**
 * New accounts keep the profile's default time zone (UTC) and the browser runs in UTC with en-US
 * formats, so an appointment's wall clock reads the same on any machine.
 */
export const APPOINTMENTS_BROWSER = { locale: 'en-US', timezoneId: 'UTC' } as const;

const DAY = 86_400_000;

/** A date `days` ahead, as a date input holds it ("2026-12-01"). */
export const dateAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** How the page shows that date: "Tue, Dec 1, 2026". */
export const shownDate = (ymd: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${ymd}T00:00:00Z`));

/** A time range as shown; Chromium puts a narrow no-break space before AM/PM, which \s matches. */
export const shownTimes = (from: string, to: string) => new RegExp(`${from}\\sAM – ${to}\\sAM`);

/** A toast with its title (and description), as sonner shows it. */
export const toast = (page: Page, title: string, description?: string) => {
  const t = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return description ? t.filter({ hasText: description }) : t;
};

/** Schedules an appointment through the API, as the dialog would (the page's session cookies). */
export const postAppointment = async (page: Page, body: Record<string, string>) => {
  const res = await page.request.post('/api/v1/appointments', {
    data: body,
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.status(), `POST appointment: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
};

/** The "Upcoming" or "Past" section of the page. */
export const section = (page: Page, name: 'Upcoming' | 'Past') => page.getByRole('region', { name });
