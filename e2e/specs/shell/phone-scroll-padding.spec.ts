import { expect, PHONE, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 180_000 });

/**
 * On a phone the page scrolls under a sticky header and above the fixed tab bar and the round chat
 * button: a control reached with Tab is scrolled clear of all three, never left underneath.
 */
test('on a phone, Tab never leaves a control under the header, the chat button or the tab bar', async ({
  page,
  accounts,
  signInAs,
}) => {
  await signInAs(await accounts.general());
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/documents');
  await expect(page.getByRole('region', { name: 'Medical History' })).toBeVisible({ timeout: 30_000 });
  const chat = (await page.getByRole('button', { name: 'Open AI chat' }).boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  await page.getByLabel('Search documents').focus();
  const covered: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.closest('main')) return null;
      const r = el.getBoundingClientRect();
      return {
        name: el.getAttribute('aria-label') ?? el.textContent ?? el.tagName,
        top: r.top,
        bottom: r.bottom,
      };
    });
    if (!focused) continue;
    if (focused.bottom > chat.y || focused.top < header.y + header.height)
      covered.push(`${focused.name.trim()} (${Math.round(focused.top)}–${Math.round(focused.bottom)})`);
  }
  expect(covered).toEqual([]);
});
