import type { Page } from '@playwright/test';
import { DESKTOP, expect, test } from '../../support/fixtures';
import { pdfWith, toast } from './helpers';

/** Every request that would change a document, so a test can say none was sent. */
const documentWrites = (page: Page) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/v1/documents'))
      sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return sent;
};

test('a file over the limit is refused when it is picked, before any of it is sent', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('documents-big'));
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/documents');
  // No category card is above the repository on any screen: it is said without "above".
  await expect(page.getByText('Files filed under Other show here. There are none now.')).toBeVisible();
  const sent = documentWrites(page);
  const big = { name: 'Big scan.pdf', mimeType: 'application/pdf', buffer: pdfWith('big', 11 * 1024 * 1024) };

  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog).toContainText('up to 10 MB');
  await dialog.getByLabel('File').setInputFiles(big);
  await expect(dialog.getByRole('alert')).toHaveText('The file is larger than the 10 MB limit.');
  await expect(dialog.getByLabel('File')).toHaveAttribute('aria-invalid', 'true');
  // The refused file gives the form nothing: not its name as the title either.
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A card's own Upload button sends nothing either.
  await page
    .getByRole('region', { name: 'Lab Results' })
    .locator('input[type=file]:not([capture])')
    .setInputFiles(big);
  await expect(toast(page, 'Upload Failed')).toContainText('The file is larger than the 10 MB limit.');
  expect(sent).toEqual([]);
});

test('renaming a document to an empty title says so at the field and sends nothing', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('documents-title'));
  const res = await page.request.post('/api/v1/documents', {
    headers: { Origin: process.env.E2E_BASE_URL ?? '', 'X-Requested-With': 'healthfolio' },
    multipart: {
      title: 'Lipid panel',
      category: 'Lab Results',
      file: { name: 'lipids.pdf', mimeType: 'application/pdf', buffer: pdfWith('LDL 96') },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/documents');
  const sent = documentWrites(page);
  await page
    .getByRole('article', { name: 'Lipid panel' })
    .getByRole('button', { name: 'Edit Lipid panel' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  await edit.getByLabel('Title').fill('   ');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Enter a title.')).toBeVisible();
  await expect(edit.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The request is not valid')).toHaveCount(0);
  expect(sent).toEqual([]);
  await edit.getByLabel('Title').fill('Lipid panel, fasting');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Document Saved')).toBeVisible();
  expect(sent).toHaveLength(1);
});
