import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import { expect, PHONE, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// Several screens per test on a shared two-core machine: the dashboard can take a while to appear.
test.describe.configure({ timeout: 180_000 });
const SLOW = { timeout: 30_000 };

/** Console lines about the page's own security headers (CSP refusals, Permissions-Policy warnings). */
const headerComplaints = (page: Page) => {
  const lines: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy|Refused to apply/i.test(m.text()))
      lines.push(`${m.type()}: ${m.text()}`);
  });
  return lines;
};

test('a dialog opens with no CSP error and no page logs a Permissions-Policy warning', async ({
  page,
  accounts,
  signInAs,
}) => {
  const complaints = headerComplaints(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await signInAs(await accounts.general());
  await page.goto('/dashboard/documents');
  await page.getByRole('button', { name: 'Upload Document' }).click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog).toBeVisible();
  // The page behind a dialog does not scroll (Radix's lock, now without an inline <style>).
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/dashboard/sharing');
  await page.getByRole('button', { name: 'Invite Someone' }).click(SLOW);
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(complaints).toEqual([]);
});

test('the zone list uses today’s names (Asia/Kolkata, not Asia/Calcutta)', async ({
  page,
  accounts,
  signInAs,
}) => {
  await signInAs(await accounts.general());
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Time zone')).toBeVisible(SLOW);
  // The list loads beside the page (the profile's own zone shows until then).
  await expect.poll(() => page.getByLabel('Time zone').locator('option').count()).toBeGreaterThan(100);
  const zones = await page
    .getByLabel('Time zone')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Europe/Kyiv']));
  expect(zones).not.toContain('Asia/Calcutta');
  expect(zones).not.toContain('Asia/Saigon');
  expect(zones).not.toContain('Europe/Kiev');
  // A person reads each zone in words, by its city, never its id.
  const words = await page.getByLabel('Time zone').locator('option').allTextContents();
  expect(words).toEqual(expect.arrayContaining(['India Standard Time (Kolkata)', 'Eastern Time (New York)']));
  expect(words.filter((w) => /[/_]/.test(w))).toEqual([]);
});

test.describe('on a phone (375×812)', () => {
  test.use({ viewport: PHONE });

  test('Log Data shows its tiles on the first screen, and the documents search is there too', async ({
    page,
    accounts,
    signInAs,
  }) => {
    await signInAs(await accounts.general());
    await page.goto('/dashboard/log-data');
    const firstTile = page.getByRole('heading', { name: 'What would you like to log?' });
    await expect(firstTile).toBeVisible(SLOW);
    const tiles = page.locator('section[aria-labelledby="log-heading"] li');
    const tile = (await tiles.first().boundingBox())!;
    expect(tile.y + tile.height).toBeLessThanOrEqual(PHONE.height);
    // The streak cards follow the tiles instead of pushing them off the screen.
    const streak = (await page.getByText('Current Streak').boundingBox())!;
    expect(streak.y).toBeGreaterThan(tile.y);

    await page.goto('/dashboard/documents');
    const search = page.getByLabel('Search documents');
    await expect(search).toBeVisible(SLOW);
    const box = (await search.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  });

  test('a long title is shown whole, and the chat button leaves the end of a page uncovered', async ({
    page,
    accounts,
    signInAs,
  }) => {
    await signInAs(await accounts.general());
    await page.goto('/dashboard/documents');
    const title = page.getByRole('heading', { level: 1, name: 'Documents & Medical Records' });
    await expect(title).toBeVisible(SLOW);
    const whole = await title.evaluate(
      (h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight,
    );
    expect(whole).toBe(true);
    const menu = (await page.getByRole('button', { name: 'Account menu' }).boundingBox())!;
    const heading = (await title.boundingBox())!;
    expect(heading.x + heading.width).toBeLessThanOrEqual(menu.x);

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(SLOW);
    await expect(page.getByRole('list', { name: 'Account activity' })).toBeVisible(SLOW);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const chat = (await page.getByRole('button', { name: 'Open AI chat' }).boundingBox())!;
    const lastBottom = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const last = main.lastElementChild as HTMLElement;
      return last.getBoundingClientRect().bottom;
    });
    expect(lastBottom).toBeLessThanOrEqual(chat.y);
  });
});

/**
 * The words of an element's text that a line break cuts in two (at a hyphen is between words: a
 * double-barrelled name may wrap there, before or after it).
 */
const brokenWords = (el: Locator) =>
  el.evaluate((node) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode())
      for (const word of (text.textContent ?? '').matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    return broken;
  });

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header shows the person’s name whole, or wraps it, with all of it as its title', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    await signInAs(await newAccount('phone-name', { type: 'general_health', name: 'Pat Words' }));
    const ward = 'Alexandra Montgomery-Whitfield';
    const added = await page.request.post('/api/v1/household/people', {
      data: { displayName: ward, platformMode: 'general_health', glucoseUnit: 'mg/dL' },
    });
    expect(added.status()).toBe(201);
    await page.goto('/dashboard/log-data');
    const switcher = (name: string) => page.getByRole('button', { name: `${name}: switch person` });
    /** The button holds the whole name as its title, inside the screen; `whole`: its text is not cut. */
    const shown = async (name: string, whole: boolean) => {
      const button = switcher(name);
      await expect(button).toBeVisible(SLOW);
      await expect(button).toHaveAttribute('title', name);
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const text = button.getByText(name, { exact: true });
      const fits = await text.evaluate(
        (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
      );
      if (whole) expect(fits, `${name} is cut`).toBe(true);
      // A name too long for the room wraps to a second line before it ends in an ellipsis.
      else expect((await text.boundingBox())!.height).toBeGreaterThan(20);
    };
    await shown('Pat Words', true);
    await switcher('Pat Words').click();
    await page.getByRole('menuitemradio', { name: new RegExp(`^${ward}`) }).click();
    await expect(page.getByText(`Acting for ${ward}`)).toBeVisible(SLOW);
    await shown(ward, false);
    // The page title wraps between words, never inside one, and is shown whole.
    const title = page.getByRole('heading', { level: 1, name: `${ward}’s Log Data` });
    await expect(title).toBeVisible();
    expect(await brokenWords(title)).toEqual([]);
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    const menu = (await page.getByRole('button', { name: 'Account menu' }).boundingBox())!;
    expect(menu.x + menu.width).toBeLessThanOrEqual(390);
  });
});

test('the weight chart names its unit on the value axis and draws its newest point whole', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('weight-chart', { type: 'general_health' }));
  for (const [daysAgo, weight] of [
    [3, 71.2],
    [0, 70.4],
  ] as const) {
    const res = await page.request.post('/api/v1/entries', {
      data: {
        tracker: 'weight',
        occurredAt: new Date(Date.now() - daysAgo * 86_400_000 - 60_000).toISOString(),
        data: { weight, weightUnit: 'kg' },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/dashboard/trackers/weight/trends');
  const chart = page.locator('.recharts-wrapper');
  await expect(chart.locator('text.recharts-label')).toHaveText('kg', SLOW);
  const dots = chart.locator('.recharts-line-dots circle');
  await expect(dots).toHaveCount(2);
  const axis = (await chart.locator('.recharts-xAxis .recharts-cartesian-axis-line').boundingBox())!;
  const newest = (await dots.last().boundingBox())!;
  // The newest marker ends inside the plot (which clips what lies beyond its right edge).
  expect(newest.x + newest.width).toBeLessThanOrEqual(axis.x + axis.width);
});
