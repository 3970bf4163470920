import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

const MIN = 60_000;
const ORIGIN = { Origin: process.env.E2E_BASE_URL ?? '' };

const send = async (page: Page, method: 'post' | 'put', path: string, data: unknown) => {
  const res = await page.request[method](path, { data, headers: ORIGIN });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
};

/** "10:05 AM" as the home chart writes a time (the profile's zone is UTC). */
const time = (at: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(at);

test('the home chart shows the boluses, carbs and temp basal of its window, and the person’s own range', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('chart-treatments', { type: 'diabetes_focused' }));
  const now = Date.now();
  // Twelve readings, every 5 minutes up to 2 minutes ago.
  const readings = Array.from({ length: 12 }, (_, i) => ({
    at: new Date(now - (2 + 5 * (11 - i)) * MIN).toISOString(),
    mgdl: 120 + i * 5,
  }));
  await send(page, 'post', '/api/v1/glucose/readings/batch', { source: 'import:csv', readings });
  const bolusAt = now - 30 * MIN;
  const carbsAt = now - 32 * MIN;
  // The loop uploads a bolus, carbs and a temp basal of 0.4 U/h for 20 minutes, as Nightscout treatments.
  const cred = await send(page, 'post', '/api/v1/devices/nightscout/credentials', { name: 'AndroidAPS' });
  const tempAt = now - 25 * MIN;
  const iso = (at: number) => new Date(at).toISOString();
  const upload = await page.request.post(`${cred.baseUrl}/api/v1/treatments`, {
    headers: { 'api-secret': createHash('sha1').update(cred.secret).digest('hex') },
    data: [
      { eventType: 'Correction Bolus', created_at: iso(bolusAt), insulin: 4.5 },
      { eventType: 'Carb Correction', created_at: iso(carbsAt), carbs: 45 },
      // A bolus from before the window is not on the chart.
      { eventType: 'Correction Bolus', created_at: iso(now - 5 * 60 * MIN), insulin: 1.5 },
      { eventType: 'Temp Basal', created_at: iso(tempAt), absolute: 0.4, duration: 20 },
    ],
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await send(page, 'put', '/api/v1/glucose/targets', {
    urgentLow: 54,
    targetLow: 80,
    targetHigh: 160,
    urgentHigh: 250,
  });

  await page.goto('/dashboard');
  await expect(page.getByText('dashed lines mark 80 and 160 (your range is 80–160)')).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Line chart of your last 12 glucose readings' });
  // In words for screen readers, in time order…
  const list = chart.getByRole('list', { name: 'Insulin, carbs and temporary basals on the chart' });
  await expect(list.getByRole('listitem')).toHaveText([
    `${time(carbsAt)}: 45 g of carbs`,
    `${time(bolusAt)}: 4.5 U of insulin`,
    `${time(tempAt)} to ${time(tempAt + 20 * MIN)}: temporary basal 0.4 U/h`,
  ]);
  // …and drawn with their amounts.
  await expect(chart.locator('[data-chart-part="bolus"]')).toHaveCount(1);
  await expect(chart.locator('[data-chart-part="bolus"]')).toHaveText('4.5 U');
  await expect(chart.locator('[data-chart-part="carbs"]')).toHaveText('45 g');
  await expect(chart.locator('[data-chart-part="temp-basal"]')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
