import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { settle } from './fixtures';

/** Where the README's screenshots live; this helper can only write PNGs straight into it. */
export const SCREENSHOT_DIR = new URL('../../docs/screenshots/', import.meta.url).pathname;

/**
 * Saves what the page shows now as docs/screenshots/{name}.png, once nothing is moving. Names are
 * plain kebab-case, so a screenshot can never land outside that folder.
 */
export const saveScreenshot = async (page: Page, name: string) => {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Not a screenshot name: ${name}`);
  await page.evaluate(() => document.fonts.ready);
  await settle(page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
};
