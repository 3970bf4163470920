import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';
import { pdfWith, throttleUploads, toast } from './helpers';

test('a document is uploaded with progress, found by a word inside it, viewed, edited and deleted', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('documents'));
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard/documents');
  await expect(page.getByRole('heading', { name: 'All Documents' })).toBeVisible();
  for (const card of [
    'Lab Results',
    'Prescriptions',
    'Medical Images',
    'Insurance Cards',
    'Referrals',
    'Medical History',
  ]) {
    const region = page.getByRole('region', { name: card });
    await expect(region).toContainText('No files yet.');
    // The category is a heading in a screen reader's list of headings (not hidden inside a button).
    await expect(region.getByRole('heading', { level: 2 })).toContainText(card);
  }
  // Each card's Scan opens the camera on a phone.
  await expect(page.locator('input[type=file][capture=environment][accept="image/*"]')).toHaveCount(6);
  await expect(page.getByText('No documents here yet. Upload one to get started.')).toBeVisible();

  // Upload, with the blocking progress dialog while the bytes travel.
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Missing Information')).toContainText(
    'Please select a file, enter a title, and choose a category.',
  );
  const pdf = pdfWith('Hemoglobin 13.5 g/dL', 600_000);
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'CBC March.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(dialog.getByLabel('Title')).toHaveValue('CBC March');
  // The admin's limit (the default 10 MB here), and only the missing field named.
  await expect(dialog).toContainText('PDF, JPG, JPEG, PNG, DOC or DOCX, up to 10 MB.');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Please choose a category.')).toContainText('Missing Information');
  await dialog.getByLabel('Category').selectOption('Lab Results');
  const restore = await throttleUploads(page, 200_000);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const processing = page.getByRole('dialog', { name: 'Processing your document...' });
  await expect(processing).toBeVisible();
  await expect(processing.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    /^([1-9]\d?)$/,
  );
  await expect(processing).toBeHidden({ timeout: 20_000 });
  await restore();
  await expect(toast(page, 'Document Uploaded')).toBeVisible();
  const card = page.getByRole('region', { name: 'Lab Results' });
  await expect(card).toContainText('1 file');
  await expect(card.getByRole('button', { name: 'CBC March' })).toBeVisible();

  // The text inside is read in the background; then a word from it finds the document.
  const row = page.getByRole('article', { name: 'CBC March' });
  await expect(row).toContainText('Text searchable', { timeout: 60_000 });
  await page.getByLabel('Search documents').fill('hemoglobin');
  await expect(row).toBeVisible();
  await expect(row).toContainText('Lab Results');
  await page.getByLabel('Search documents').fill('cholesterol');
  await expect(page.getByText('No documents match "cholesterol".')).toBeVisible();
  await page.getByLabel('Search documents').fill('');

  // View: the PDF drawn by the sandboxed viewer.
  await row.getByRole('button', { name: 'View CBC March' }).click();
  const viewer = page.getByRole('dialog', { name: 'CBC March' });
  await expect(viewer.getByRole('img', { name: 'CBC March, page 1 of 1' })).toBeVisible();
  await expect(viewer).toContainText(`${Number.parseFloat((pdf.length / 1024).toFixed(2))} KB`);
  await expectNoAxeViolations(page);
  await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();

  // Edit.
  await row.getByRole('button', { name: 'Edit CBC March' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  await edit.getByLabel('Title').fill('Complete blood count');
  await edit.getByLabel('Description').fill('Fasting, morning draw');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Document Saved')).toBeVisible();
  const renamed = page.getByRole('article', { name: 'Complete blood count' });
  await expect(renamed).toContainText('Fasting, morning draw');

  // Delete, after confirming.
  await renamed.getByRole('button', { name: 'Delete Complete blood count' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this document?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Document Deleted')).toBeVisible();
  await expect(renamed).toBeHidden();
  await expect(page.getByText('No documents here yet. Upload one to get started.')).toBeVisible();
});

test('the documents screen fits a phone and passes axe', async ({ page, newAccount, signInAs }) => {
  const account = await newAccount('documents-phone', { type: 'general_health' });
  await signInAs(account);
  const res = await page.request.post('/api/v1/documents', {
    headers: { Origin: process.env.E2E_BASE_URL ?? '', 'X-Requested-With': 'healthfolio' },
    multipart: {
      title: 'Gym waiver',
      category: 'Other',
      file: { name: 'waiver.pdf', mimeType: 'application/pdf', buffer: pdfWith('waiver') },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/documents');
  // "Other" is an unsorted file: it is in the repository, not on a card.
  await expect(page.getByRole('button', { name: 'View all (1 file)' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Gym waiver' })).toBeVisible();
  const noSideScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noSideScroll).toBe(true);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload Document' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The dashboard's Recent Documents card lists it.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Gym waiver' })).toBeVisible();
});
