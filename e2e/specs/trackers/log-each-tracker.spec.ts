import type { Locator, Page } from '@playwright/test';
import type { Account } from '../../support/accounts';
import { expect, PHONE, test } from '../../support/fixtures';
import {
  expectDetails,
  isoAt,
  localInput,
  logFromTile,
  postEntry,
  shown,
  TRACKING_BROWSER,
  toast,
} from './tracking';

test.use(TRACKING_BROWSER);

// One account for the file: each test finds its own entry among the others by its values.
let account: Account | undefined;
test.beforeEach(async ({ newAccount, signInAs }) => {
  account ??= await newAccount('tracking-log', { type: 'general_health' });
  await signInAs(account);
});

const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\s+/g, '\\s+');

/** Opens "Log {name}" with the tracker screen's own button. */
const logFromScreen = async (page: Page, path: string, button: string, name: string) => {
  await page.goto(path);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: `Log ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
};

type Case = {
  /** The entry's title ("{type} Details", the Track Data row). */
  title: string;
  open: (page: Page) => Promise<Locator>;
  /** Trend trackers log an entry 20 days back, so the 7-day range has nothing and 30/90 show it. */
  daysAgo?: number;
  fill: (dialog: Locator) => Promise<void>;
  notes: string;
  saved: [title: string, description: string];
  screen: string;
  list: string;
  row: (row: Locator) => Promise<void>;
  /** The one-line value of Track Data's row and of the details dialog. */
  value: string;
  details: Record<string, string>;
  /** The trend caption's latest values, e.g. "Systolic 128, Diastolic 82". */
  trend?: string;
};

/** Log it, then find it in its tracker list, in Track Data's details dialog and in its trend. */
const logAndFind = async (page: Page, c: Case) => {
  const dialog = await c.open(page);
  const when = dialog.getByLabel('Date and time');
  // Date and time are filled in with now; trend trackers go back 20 days.
  await expect(when).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  if (c.daysAgo) await when.fill(localInput(c.daysAgo, '08:15'));
  const at = shown(await when.inputValue());
  await c.fill(dialog);
  await dialog.getByLabel('Notes').fill(c.notes);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, ...c.saved)).toBeVisible();

  // Its tracker list, newest first: date · time, the tracker's own text and badge, the notes.
  await page.goto(c.screen);
  const row = page.getByRole('list', { name: c.list }).getByRole('listitem').filter({ hasText: c.notes });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${at.date} · `);
  await expect(row).toContainText(at.time);
  await c.row(row);

  // Track Data's Recent Entries, and its "{type} Details" dialog.
  await page.goto('/dashboard/track-data');
  await page
    .getByRole('list', { name: 'Recent entries' })
    .getByRole('button', {
      name: new RegExp(`^${pattern(c.title)}, ${pattern(c.value)}, ${pattern(at.date)} `),
    })
    .click();
  const details = page.getByRole('dialog', { name: `${c.title} Details` });
  await expect(details).toBeVisible();
  await expectDetails(details, { Date: at.date, Value: c.value, ...c.details, Notes: c.notes });
  await expect(details.locator('xpath=.//dt[normalize-space()="Time"]/following-sibling::dd[1]')).toHaveText(
    at.time,
  );
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  if (!c.trend) return;
  await page.goto(c.screen);
  await page.getByRole('link', { name: 'View Trends' }).click();
  await expect(page).toHaveURL(`${c.screen}/trends`);
  const figure = page.getByRole('figure');
  const latest = `1 entry`;
  // 30 days by default: the 20-day-old entry is there.
  await expect(page.getByRole('radio', { name: '30 Days' })).toBeChecked();
  await expect(figure).toContainText(latest);
  await expect(figure).toContainText(`Latest (${at.short}): ${c.trend}.`);
  await page.getByRole('radio', { name: '7 Days' }).check();
  await expect(page.getByText('No data for this period.')).toBeVisible();
  await expect(figure).toHaveCount(0);
  await page.getByRole('radio', { name: '90 Days' }).check();
  await expect(figure).toContainText(`Latest (${at.short}): ${c.trend}.`);
  await expect(page.getByText('No data for this period.')).toHaveCount(0);
};

test('blood glucose: logged from its Log Data tile, found in its list, details and trend', async ({
  page,
}) => {
  await logAndFind(page, {
    title: 'Blood Glucose',
    open: (p) => logFromTile(p, 'Blood Glucose'),
    daysAgo: 20,
    fill: async (d) => {
      await d.getByLabel('Blood glucose (mg/dL)').fill('142');
      await d.getByLabel('Timing').selectOption({ label: 'After meal' });
      await d.getByLabel('Carbs consumed (g)').fill('45');
    },
    notes: 'After the pasta lunch',
    saved: ['Saved Blood Glucose', 'Your entry was recorded.'],
    screen: '/dashboard/trackers/blood-glucose',
    list: 'Blood glucose readings',
    row: async (row) => {
      await expect(row).toContainText('142 mg/dL');
      // The consensus level, with its icon (issue 30).
      await expect(row).toContainText('In range');
      await expect(row).toContainText('After meal');
    },
    value: '142 mg/dL',
    details: { Glucose: '142 mg/dL', Timing: 'After meal', 'Carbs consumed': '45 g' },
    trend: 'Glucose 142',
  });
});

test('blood pressure: logged with "Log BP Reading", found in its list, details and trend', async ({
  page,
}) => {
  await logAndFind(page, {
    title: 'Blood Pressure',
    open: (p) => logFromScreen(p, '/dashboard/trackers/blood-pressure', 'Log BP Reading', 'Blood Pressure'),
    daysAgo: 20,
    fill: async (d) => {
      await d.getByLabel('Systolic (mmHg)').fill('128');
      await d.getByLabel('Diastolic (mmHg)').fill('82');
    },
    notes: 'Seated, left arm',
    saved: ['Saved Blood Pressure', 'Your entry was recorded.'],
    screen: '/dashboard/trackers/blood-pressure',
    list: 'Blood pressure readings',
    row: (row) => expect(row).toContainText('128/82 mmHg'),
    value: '128/82 mmHg',
    details: { Systolic: '128 mmHg', Diastolic: '82 mmHg' },
    trend: 'Systolic 128, Diastolic 82',
  });
});

test('blood pressure trend on a phone: time on the x axis, round values, every date label whole', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // Five mornings of the last week, the fourth day back left out.
  for (const [daysAgo, systolic] of [
    [6, 124],
    [5, 131],
    [3, 127],
    [2, 138],
    [1, 122],
  ] as const)
    await postEntry(page, {
      tracker: 'blood-pressure',
      occurredAt: isoAt(daysAgo, '08:00'),
      data: { systolic, diastolic: systolic - 44 },
    });
  await page.goto('/dashboard/trackers/blood-pressure/trends');
  await page.getByRole('radio', { name: '7 Days' }).check();
  await expect(page.getByRole('figure')).toContainText('5 entries in mmHg');
  const dots = page.locator('.recharts-line-dots').first().locator('circle');
  await expect(dots).toHaveCount(5);
  const x = await dots.evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cx'))));
  const day = (x[1] ?? 0) - (x[0] ?? 0);
  // The missing day is a gap twice as wide as one day.
  expect(((x[2] ?? 0) - (x[1] ?? 0)) / day).toBeCloseTo(2, 1);
  expect(((x[3] ?? 0) - (x[2] ?? 0)) / day).toBeCloseTo(1, 1);

  const chart = await page.locator('.recharts-wrapper').first().boundingBox();
  // Axis labels: dates along the bottom, values up the side.
  const labels = page.locator('.recharts-cartesian-axis-tick-value');
  const dates = labels.filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ });
  expect(await dates.count()).toBeGreaterThanOrEqual(2);
  for (const label of await dates.all()) {
    const box = await label.boundingBox();
    expect(box && chart && box.x >= chart.x && box.x + box.width <= chart.x + chart.width).toBe(true);
  }
  const values = (await labels.allTextContents()).filter((t) => /^\d+$/.test(t));
  expect(values.length).toBeGreaterThanOrEqual(3);
  expect(values.length + (await dates.count())).toBe(await labels.count());
  for (const v of values) expect(Number(v) % 10, v).toBe(0);
});

test('weight: logged with "Log Weight" (live kg conversion), found in its list, details and trend', async ({
  page,
}) => {
  await logAndFind(page, {
    title: 'Weight',
    open: (p) => logFromScreen(p, '/dashboard/trackers/weight', 'Log Weight', 'Weight'),
    daysAgo: 20,
    fill: async (d) => {
      await expect(d.getByLabel('Unit')).toHaveValue('lbs');
      await d.getByLabel('Weight', { exact: true }).fill('172.4');
      await expect(d.getByText('That is 78.2 kg.')).toBeVisible();
      await d.getByLabel('Context').selectOption({ label: 'Morning' });
    },
    notes: 'Before breakfast',
    saved: ['Saved Weight', 'Your entry was recorded.'],
    screen: '/dashboard/trackers/weight',
    list: 'Weight measurements',
    row: (row) => expect(row).toContainText('172.4 lbs'),
    value: '172.4 lbs',
    details: { 'Weight context': 'Morning' },
    trend: 'Weight 172.4',
  });
});

test('mood & energy: logged with its sliders, found in its list, details and trend (0–10 axis)', async ({
  page,
}) => {
  await logAndFind(page, {
    title: 'Mood & Energy',
    open: (p) => logFromScreen(p, '/dashboard/trackers/mood-energy', 'Log Mood & Energy', 'Mood & Energy'),
    daysAgo: 20,
    fill: async (d) => {
      // Every slider starts at 3.
      for (const name of ['Mood', 'Energy', 'Stress', 'Sleep quality'])
        await expect(d.getByRole('slider', { name })).toHaveValue('3');
      await d.getByRole('slider', { name: 'Mood' }).fill('4');
      await d.getByRole('slider', { name: 'Energy' }).fill('2');
      await d.getByRole('slider', { name: 'Stress' }).fill('5');
      await d.getByLabel('Activity').selectOption({ label: 'Exercising' });
      await d.getByRole('group', { name: 'Mood triggers' }).getByLabel('Good news').check();
    },
    notes: 'Long run in the rain',
    saved: ['Saved Mood & Energy', 'Mood: 4/5, Energy: 2/5, Stress: 5/5'],
    screen: '/dashboard/trackers/mood-energy',
    list: 'Mood and energy entries',
    row: async (row) => {
      for (const badge of ['Mood 4/5', 'Energy 2/5', 'Stress 5/5']) await expect(row).toContainText(badge);
    },
    value: 'Mood 4/5, Energy 2/5, Stress 5/5',
    details: {
      Mood: '4/5',
      Energy: '2/5',
      Stress: '5/5',
      'Sleep quality': '3/5',
      Activity: 'Exercising',
      'Mood triggers': 'Good news',
    },
    // Stated as logged, though the chart plots them doubled on its 0–10 axis.
    trend: 'Mood 4/5, Energy 2/5, Stress 5/5',
  });
});

test('meal: logged from its Log Data tile, found in its list and details', async ({ page }) => {
  await logAndFind(page, {
    title: 'Meal',
    open: (p) => logFromTile(p, 'Meal'),
    fill: async (d) => {
      await d.getByLabel('Meal type').selectOption({ label: 'Lunch' });
      await d.getByLabel('What did you eat?').fill('Grilled salmon and rice');
      await d.getByLabel('Calories (kcal)').fill('650');
      await d.getByLabel('Carbs (g)').fill('55');
    },
    notes: 'Shared with a colleague',
    saved: ['Saved Meal', 'Your meal was recorded.'],
    screen: '/dashboard/trackers/meal',
    list: 'Meals',
    row: async (row) => {
      await expect(row).toContainText('Lunch • 650 kcal • Grilled salmon and rice');
      await expect(row.getByText('Lunch', { exact: true })).toBeVisible();
    },
    value: 'Lunch • 650 kcal • Grilled salmon and rice',
    details: {
      'Meal type': 'Lunch',
      Calories: '650 kcal',
      Carbs: '55 g',
      'What was eaten': 'Grilled salmon and rice',
    },
  });
});

test('pain: logged with "Log Pain Entry", found in its list and details', async ({ page }) => {
  await logAndFind(page, {
    title: 'Pain',
    open: (p) => logFromScreen(p, '/dashboard/trackers/pain', 'Log Pain Entry', 'Pain Entry'),
    fill: async (d) => {
      const intensity = d.getByRole('slider', { name: 'Pain intensity' });
      await expect(intensity).toHaveValue('1');
      await intensity.fill('6');
      await d.getByLabel('Location').selectOption({ label: 'Lower back' });
      await d.getByLabel('Type of pain').selectOption({ label: 'Dull' });
      await d.getByRole('group', { name: 'Pain triggers' }).getByLabel('Sitting').check();
      await d.getByRole('group', { name: 'Relief methods' }).getByLabel('Heat').check();
      await d.getByLabel('Description').fill('Long day at the desk');
    },
    notes: 'Better after a walk',
    saved: ['Saved Pain Entry', 'Your entry was recorded.'],
    screen: '/dashboard/trackers/pain',
    list: 'Pain entries',
    row: async (row) => {
      await expect(row.getByText('6/10', { exact: true })).toBeVisible();
      await expect(row).toContainText('Lower back, Dull • Long day at the desk');
    },
    value: '6/10',
    details: {
      'Pain intensity': '6/10',
      'Pain location': 'Lower back',
      'Pain type': 'Dull',
      'Pain triggers': 'Sitting',
      'Relief methods': 'Heat',
      Description: 'Long day at the desk',
    },
  });
});

test('journal: written with "New Journal Entry", found with its line breaks in its list and details', async ({
  page,
}) => {
  const text = 'Slept well.\nLong walk by the river.';
  await logAndFind(page, {
    title: 'Journal Entry',
    open: (p) => logFromScreen(p, '/dashboard/trackers/journal', 'New Journal Entry', 'Journal Entry'),
    fill: (d) => d.getByLabel('Journal entry').fill(text),
    notes: 'Sunday',
    saved: ['Saved Journal Entry', 'Your entry was recorded.'],
    screen: '/dashboard/trackers/journal',
    list: 'Journal entries',
    row: async (row) => {
      await expect(row.getByText('Journal', { exact: true })).toBeVisible();
      // The line break is kept: the two sentences sit on two lines.
      const body = row.getByText('Slept well.');
      await expect(body).toHaveCSS('white-space', 'pre-wrap');
      expect(await body.evaluate((el) => el.textContent)).toBe(text);
    },
    value: text,
    details: {},
  });
});

test('medication: "Log Medication" leads to Log Data; logged there, found in its list and details', async ({
  page,
}) => {
  await page.goto('/dashboard/trackers/medication');
  await expect(page.getByText('No medications logged yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Log Medication' }).click();
  await expect(page).toHaveURL(/\/dashboard\/log-data$/);
  await logAndFind(page, {
    title: 'Medication',
    open: (p) => logFromTile(p, 'Medication'),
    fill: (d) => d.getByLabel('Medication taken').fill('Ibuprofen 200 mg'),
    notes: 'With food',
    saved: ['Saved Medication', 'Your entry was recorded.'],
    screen: '/dashboard/trackers/medication',
    list: 'Medications',
    row: (row) => expect(row.getByText('Ibuprofen 200 mg', { exact: true })).toBeVisible(),
    value: 'Ibuprofen 200 mg',
    details: {},
  });
});
