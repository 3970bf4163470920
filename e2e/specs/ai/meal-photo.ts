import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from '../../support/fixtures';

/** Shared by the meal photo specs (with and without a vision model). */

/** Holds the photo uploads (analysis or store) until `release`, as a slow network would; counts them. */
export const holdPhotoUploads = async (page: Page) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const sent: string[] = [];
  await page.route('**/api/v1/ai/meal-photo-analyses*', async (route) => {
    sent.push(route.request().url());
    await gate;
    await route.continue();
  });
  return { release, sent };
};

/** The meal's details, opened from Track Data's recent entries. */
export const mealDetails = async (page: Page, base = '') => {
  await page.goto(`${base}/dashboard/track-data`);
  await page
    .getByRole('list', { name: 'Recent entries' })
    .getByRole('button', { name: /^Meal, / })
    .click();
  return page.getByRole('dialog', { name: 'Meal Details' });
};

/** The meal photo in the details has loaded, at the size the server stored (1024 px at most). */
export const expectPhotoLoaded = async (page: Page, base: string, alt: string, width: number) => {
  const details = await mealDetails(page, base);
  const thumbnail = details.getByRole('img', { name: alt });
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(width);
  return details;
};

export const jpegOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d94' } })
    .jpeg()
    .toBuffer();
