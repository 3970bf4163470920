import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { isoAt, postEntry, shown, TRACKING_BROWSER, toast } from './tracking';

test.use(TRACKING_BROWSER);

/** The card titled `title` (its heading, then the card around it). */
const card = (page: Page, title: string) =>
  page.getByRole('main').getByRole('heading', { name: title, exact: true, level: 2 }).locator('xpath=../..');

test('a streak built from entries on past days: Log Data, Track Data and Achievements', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('tracking-streak', { type: 'general_health' }));
  await page.goto('/dashboard/log-data');
  // Nothing yet: no streak, the first motivation tier.
  await expect(page.getByText('Start your streak today')).toBeVisible();

  // Seven days in a row ending yesterday, two entries on one of them, and one lone day before.
  const trackers = ['weight', 'journal', 'medication'] as const;
  const data = {
    weight: { weight: 170, weightUnit: 'lbs' },
    journal: { value: 'A good day' },
    medication: { value: 'Vitamin D' },
  };
  for (const days of [1, 2, 3, 4, 5, 6, 7, 7, 12]) {
    const tracker = trackers[days % trackers.length] ?? 'journal';
    await postEntry(page, { tracker, occurredAt: isoAt(days, '09:00'), data: data[tracker] });
  }
  await page.reload();
  await expect(card(page, 'Current Streak')).toContainText('7 days');
  await expect(card(page, 'Current Streak')).toContainText('Longest streak: 7 days · 9 entries in total');
  // 7 to 29 days in a row: the "under 30" tier.
  await expect(page.getByText('Amazing consistency')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Streak Goal' })).toHaveAttribute('aria-valuenow', '7');
  await expect(card(page, 'Streak Goal')).toContainText('7 of 7 days');
  await expect(card(page, 'All-Time Best')).toContainText('7 days');
  // The last 7 days including today: days 1 to 6 back.
  await expect(card(page, 'This Week')).toContainText('6 of 7 entries');

  // Logging today (the motivation card's button opens Blood Glucose) extends the streak at once.
  await page.getByRole('button', { name: 'Log Blood Glucose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  await dialog.getByLabel('Blood glucose (mg/dL)').fill('104');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved Blood Glucose')).toBeVisible();
  await expect(card(page, 'Current Streak')).toContainText('Longest streak: 8 days · 10 entries in total');
  await expect(card(page, 'Current Streak')).toContainText('8 days');
  await expect(card(page, 'This Week')).toContainText('7 of 7 entries');

  await page.goto('/dashboard/track-data');
  await expect(card(page, 'Total Entries')).toContainText('10');
  await expect(card(page, 'Streak')).toContainText('8 days');
  await expect(card(page, 'Streak')).toContainText('Longest: 8 days');
  // Weight, journal, medication and blood glucose.
  await expect(card(page, 'Categories')).toContainText('4');

  await page.goto('/dashboard/achievements');
  await expect(card(page, 'Achievements')).toContainText('2 of 5');
  await expect(card(page, 'Total Entries')).toContainText('On 9 different days');
  await expect(card(page, 'Current Streak')).toContainText('8 days');
  const list = page.getByRole('list', { name: 'Achievements' });
  const achievement = (title: string) =>
    list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  const today = shown(new Date().toISOString().slice(0, 16)).date;
  // Unlocked today, when the entries reached them.
  for (const [title, progress] of [
    ['First Steps', '1 / 1'],
    ['Week Warrior', '7 / 7'],
  ] as const) {
    await expect(achievement(title)).toContainText('Unlocked');
    await expect(achievement(title)).toContainText(`${progress} · Unlocked ${today}`);
  }
  for (const [title, progress] of [
    ['Monthly Master', '8 / 30'],
    ['Consistency King', '9 / 50'],
    ['Century Club', '10 / 100'],
  ] as const) {
    await expect(achievement(title)).toContainText('Locked');
    await expect(achievement(title)).toContainText(progress);
    await expect(achievement(title)).not.toContainText('Unlocked');
  }
  await expect(achievement('Consistency King')).toContainText(
    'Counts distinct days with at least one entry, not entries.',
  );
  await expect(achievement('Week Warrior').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '7');
});

test('one entry counts as one; a week past its goal says so; nothing from the future counts', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('tracking-one-entry', { type: 'general_health' }));
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  await postEntry(page, { tracker: 'journal', occurredAt: minutesAgo(5), data: { value: 'First' } });
  await page.goto('/dashboard/log-data');
  await expect(card(page, 'Current Streak')).toContainText('Longest streak: 1 day · 1 entry in total');
  await expect(card(page, 'This Week')).toContainText('1 of 7 entries');
  // Was "4 of 30": this week's count projected, shown as if logged.
  await expect(card(page, 'Monthly Pace')).toContainText('1 of 30 entries');
  await expect(page.getByRole('progressbar', { name: 'Monthly Pace' })).toHaveAttribute('aria-valuenow', '1');
  await expect(card(page, 'Streak Goal')).toContainText('1 of 7 days');
  await page.goto('/dashboard/achievements');
  await expect(card(page, 'Total Entries')).toContainText('On 1 day');

  // A reading dated next year is refused, so it never counts as a day or an entry.
  const future = await page.request.post('/api/v1/entries', {
    data: { tracker: 'journal', occurredAt: '2030-01-01T09:00:00Z', data: { value: 'Later' } },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(future.status()).toBe(400);
  expect((await future.json()).errors).toEqual([{ path: 'occurredAt', message: 'Cannot be in the future' }]);

  // Seven more this week: eight entries against a goal of seven.
  for (const days of [1, 2, 3, 4, 5, 6, 6])
    await postEntry(page, { tracker: 'journal', occurredAt: isoAt(days, '09:00'), data: { value: 'More' } });
  await page.goto('/dashboard/log-data');
  await expect(card(page, 'This Week')).toContainText('8 entries, goal of 7 reached');
  await expect(card(page, 'This Week')).not.toContainText('8 of 7');
  await expect(card(page, 'Monthly Pace')).toContainText('8 of 30 entries');
  await page.goto('/dashboard/achievements');
  await expect(card(page, 'Total Entries')).toContainText('On 7 different days');
});
