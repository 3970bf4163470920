import type { Locator, Page } from '@playwright/test';
import type { GlucoseUnit } from '../../../core/src/profiles/profile.schema';
import { formatGlucose } from '../../../core/src/units/glucose-units';
import { expect, expectNoAxeViolations, mailedLink, test, uniqueEmail } from '../../support/fixtures';
import { logFromTile, postEntry, TRACKING_BROWSER, toast } from '../trackers/tracking';
import { statCard } from './helpers';

test.use(TRACKING_BROWSER);

/** The first check after a page load: the readings come from the API, which a loaded machine delays. */
const LOADED = { timeout: 45_000 };

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not rendered');
  return box;
};

/** The lowest point a chart draws (largest y on screen). */
const lowestPoint = async (points: Locator): Promise<Box> => {
  await expect(points.first()).toBeVisible(LOADED);
  return settledBoxes(points, (boxes) => boxes.reduce((low, b) => (b.y > low.y ? b : low)));
};

/**
 * Boxes of every match, measured again if the chart redraws meanwhile (a refetch or a resize replaces
 * its elements, and a replaced one has no box).
 */
const settledBoxes = async <T>(locator: Locator, use: (boxes: Box[]) => T): Promise<T> => {
  let result: T | undefined;
  await expect(async () => {
    result = use(await Promise.all((await locator.all()).map(boxOf)));
  }).toPass({ timeout: 10_000 });
  return result as T;
};

/** The centre of a point lies within the plot area (or the y axis' extent): not below the axis. */
const expectInside = (point: Box, area: Box, what: string) => {
  const cy = point.y + point.height / 2;
  const cx = point.x + point.width / 2;
  expect(cy, `${what}: point below the plot area`).toBeLessThanOrEqual(area.y + area.height + 0.5);
  expect(cy, `${what}: point above the plot area`).toBeGreaterThanOrEqual(area.y - 0.5);
  expect(cx, `${what}: point left of the plot area`).toBeGreaterThanOrEqual(area.x - 0.5);
};

/** A recharts line chart inside a figure: its dots against the y axis' line. */
const rechartsPointInside = async (figure: Locator, what: string) => {
  // A vertical line has no width, so it is "attached" rather than "visible"; its box has the height.
  const axis = figure.locator('.recharts-yAxis .recharts-cartesian-axis-line');
  await expect(axis).toBeAttached(LOADED);
  expectInside(await lowestPoint(figure.locator('.recharts-line-dots circle')), await boxOf(axis), what);
};

const checkHome = async (page: Page, unit: GlucoseUnit) => {
  await page.goto('/dashboard');
  const current = statCard(page, 'Current Glucose');
  await expect(current).toContainText(`${formatGlucose(45, unit)}${unit}`, LOADED);
  await expect(current).toContainText('Urgent low');
  await expect(current.getByText('Low', { exact: true })).toHaveCount(0);

  const figure = page.getByRole('figure', { name: 'Line chart of your last 4 glucose readings' });
  const plot = figure.locator('[data-chart-part="plot"]');
  const point = await lowestPoint(figure.locator('[data-chart-part="point"]'));
  expectInside(point, await boxOf(plot), `home (${unit})`);
  // …and above the time labels under the axis.
  const timeLabelTop = await settledBoxes(figure.locator('svg text'), (labels) =>
    Math.max(...labels.map((b) => b.y)),
  );
  expect(point.y + point.height).toBeLessThan(timeLabelTop);
  await expect(
    page.getByText(`dashed lines mark ${formatGlucose(54, unit)}, ${formatGlucose(70, unit)}`),
  ).toBeVisible();

  await page.getByText('Show these readings as a list').click();
  const item = page.getByRole('listitem').filter({ hasText: `${formatGlucose(45, unit)} ${unit}` });
  await expect(item).toContainText('Urgent low');
  await expect(
    page.getByRole('listitem').filter({ hasText: `${formatGlucose(300, unit)} ${unit}` }),
  ).toContainText('Very high');
};

test('an urgent low: the alert comes first, and every chart and label holds the 45 mg/dL reading', async ({
  page,
  browser,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(420_000);
  await signInAs(await newAccount('urgent-low', { type: 'diabetes_focused', name: 'Uma Urgent' }));
  await page.goto('/dashboard');
  for (const [hoursAgo, mgdl] of [
    [3, 120],
    [2, 300],
    [1, 150],
  ] as const) {
    await postEntry(page, {
      tracker: 'blood-glucose',
      occurredAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      data: { glucose: mgdl },
    });
  }

  await test.step('logging 45 mg/dL: the urgent alert is the toast in front, with what to do', async () => {
    const dialog = await logFromTile(page, 'Blood Glucose');
    await dialog.getByLabel('Blood glucose (mg/dL)').fill('45');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const front = page.locator('[data-sonner-toast][data-front="true"]');
    await expect(front).toContainText(/Urgent low/, LOADED);
    await expect(front).toContainText('15 g of fast-acting carbs');
    await expect(front).toContainText('re-check in 15 minutes');
    await expect(front).toContainText('glucagon or call emergency services');
    await expect(toast(page, 'Saved Blood Glucose')).toHaveCount(0);
    // The follow-up's notification takes the place of the same toast: one alert, not two.
    await page.waitForTimeout(1_500);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: /Urgent low/ })).toHaveCount(1);
    await expect(toast(page, 'Saved Blood Glucose')).toHaveCount(0);
  });

  await test.step('home in mg/dL: "Urgent low", the point inside the axis', async () => {
    await checkHome(page, 'mg/dL');
    await expectNoAxeViolations(page);
  });

  await test.step('glucose trends and the tracker trend: the point inside the axis', async () => {
    await page.goto('/dashboard/glucose-trends');
    await page.getByRole('button', { name: '7 Days' }).click();
    await rechartsPointInside(
      page.getByRole('figure', { name: /Line chart of glucose over the last 7 days/ }),
      'trends',
    );
    await page.goto('/dashboard/trackers/blood-glucose');
    const readings = page.getByRole('list', { name: 'Blood glucose readings' });
    await expect(readings.getByRole('listitem').first()).toContainText('45 mg/dL', LOADED);
    await expect(readings.getByRole('listitem').first()).toContainText('Urgent low');
    await page.goto('/dashboard/trackers/blood-glucose/trends');
    await rechartsPointInside(page.getByRole('figure'), 'tracker trend');
  });

  await test.step('the caregiver sees the same word and the point inside the axis', async () => {
    const carer = uniqueEmail('urgent-carer');
    const res = await page.request.post('/api/v1/shares', {
      headers: { Origin: process.env.E2E_BASE_URL ?? '' },
      data: { email: carer, categories: ['health_metrics'] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const caregiver = await (await browser.newContext(TRACKING_BROWSER)).newPage();
    await caregiver.goto(await mailedLink(carer, /shared health information/));
    await expect(caregiver.getByRole('row').filter({ hasText: '45 mg/dL' })).toContainText(
      'Urgent low',
      LOADED,
    );
    await expect(caregiver.getByRole('row').filter({ hasText: '300 mg/dL' })).toContainText('Very high');
    const trend = caregiver.getByRole('heading', { name: 'Glucose trend (mg/dL)' }).locator('xpath=..');
    await rechartsPointInside(trend, 'shared view');
    await caregiver.context().close();
  });

  await test.step('in mmol/L: 2.5 mmol/L, "Urgent low", inside the axis', async () => {
    const res = await page.request.patch('/api/v1/profile', {
      data: { glucoseUnit: 'mmol/L' },
      headers: { Origin: process.env.E2E_BASE_URL ?? '' },
    });
    expect(res.ok()).toBe(true);
    await checkHome(page, 'mmol/L');
    await page.goto('/dashboard/trackers/blood-glucose/trends');
    await rechartsPointInside(page.getByRole('figure'), 'tracker trend (mmol/L)');
  });
});

test('a single reading gets the whole target range on its axis', async ({ page, newAccount, signInAs }) => {
  test.setTimeout(180_000);
  await signInAs(await newAccount('one-low', { type: 'diabetes_focused' }));
  await page.goto('/dashboard');
  await postEntry(page, {
    tracker: 'blood-glucose',
    occurredAt: new Date(Date.now() - 600_000).toISOString(),
    data: { glucose: 45 },
  });
  await page.goto('/dashboard');
  const figure = page.getByRole('figure', { name: 'Line chart of your last glucose reading' });
  expectInside(
    await lowestPoint(figure.locator('[data-chart-part="point"]')),
    await boxOf(figure.locator('[data-chart-part="plot"]')),
    'single reading',
  );
  // The axis reads from below 54 to the top of the 60–220 home range, not 43–47.
  await expect(figure.locator('svg text').filter({ hasText: /^40$/ })).toHaveCount(1);
  await expect(figure.locator('svg text').filter({ hasText: /^220$/ })).toHaveCount(1);
});
