import type { Locator, Page } from '@playwright/test';
import { expect } from '../../support/fixtures';

/**
 * Shared by the tracking specs. Every account they create keeps the profile's default time zone
 * (UTC) and the browser runs in UTC with en-US formats, so dates read the same on any machine.
 */
export const TRACKING_BROWSER = { locale: 'en-US', timezoneId: 'UTC' } as const;

const DAY = 86_400_000;

/** A wall-clock time `daysAgo` days back, as the dialog's date-time field holds it ("2026-11-02T08:15"). */
export const localInput = (daysAgo: number, time: string) =>
  `${new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10)}T${time}`;

/** The same instant as the API takes it. */
export const isoAt = (daysAgo: number, time: string) => `${localInput(daysAgo, time)}:00Z`;

/** How the lists and the details dialog show a date-time field value: "Nov 2, 2026" and "8:15 AM". */
export const shown = (local: string) => {
  const at = new Date(`${local}:00Z`);
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
  const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    at,
  );
  const hours = at.getUTCHours();
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  // Chromium puts a narrow no-break space before AM/PM; \s matches it.
  const time = new RegExp(`${hours % 12 || 12}:${minutes}\\s${hours < 12 ? 'AM' : 'PM'}`);
  return { date, short, time };
};

/** A toast with its title and description, as sonner shows it. */
export const toast = (page: Page, title: string, description?: string) => {
  const t = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return description ? t.filter({ hasText: description }) : t;
};

/** The value of a key in a details dialog's list ("Systolic" → "128"). */
export const detail = (dialog: Locator, key: string) =>
  dialog.locator(`xpath=.//dt[normalize-space()="${key}"]/following-sibling::dd[1]`);

export const expectDetails = async (dialog: Locator, rows: Record<string, string | RegExp>) => {
  for (const [key, value] of Object.entries(rows))
    await expect(detail(dialog, key), key).toHaveText(value instanceof RegExp ? value : value);
};

/** Creates an entry through the API with the page's session, as fixtures build data. */
export const postEntry = async (
  page: Page,
  body: { tracker: string; occurredAt: string; notes?: string; data: Record<string, unknown> },
) => {
  const res = await page.request.post('/api/v1/entries', {
    data: body,
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.status(), `POST ${body.tracker}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string; data: Record<string, unknown> };
};

/** Opens "Log {name}" from a Log Data tile. */
export const logFromTile = async (page: Page, tile: string, name = tile) => {
  await page.goto('/dashboard/log-data');
  await page
    .getByRole('region', { name: 'What would you like to log?' })
    .getByRole('button', { name: tile, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Log ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
};
