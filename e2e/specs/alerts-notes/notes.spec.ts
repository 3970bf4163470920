import type { Page } from '@playwright/test';
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';

const note = (page: Page, title: string) => page.getByRole('article', { name: title });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

const addNote = async (page: Page, title: string, content: string) => {
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill(content);
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(note(page, title)).toBeVisible();
};

test.use({ viewport: DESKTOP });

test('a user adds, searches, edits, reads and deletes notes', async ({ page, newAccount, signInAs }) => {
  await signInAs(await newAccount('notes', { type: 'general_health' }));
  await page.goto('/dashboard/notes');
  await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible();
  await expect(page.getByText('No notes yet.')).toBeVisible();

  await test.step('both fields are required', async () => {
    await page.getByRole('button', { name: 'Add Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Note' });
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Title').fill('Only a title');
    await dialog.getByRole('button', { name: 'Save Note' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(dialog.getByLabel('Content')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No notes yet.')).toBeVisible();
  });

  await test.step('add two notes, newest first', async () => {
    await addNote(page, 'Blood test prep', 'Fast for 12 hours before the lab visit.');
    await expect(toast(page, 'Note saved')).toBeVisible();
    await addNote(page, 'Pharmacy', 'Pick up the refills on Friday.');
    const titles = page.getByRole('list', { name: 'Notes' }).getByRole('heading');
    await expect(titles).toHaveText(['Pharmacy', 'Blood test prep']);
  });

  await test.step('search finds by text on the server and hides the rest', async () => {
    const search = page.getByLabel('Search notes');
    await search.fill('12 HOURS');
    await expect(note(page, 'Pharmacy')).toBeHidden();
    await expect(note(page, 'Blood test prep')).toBeVisible();
    await search.fill('dentist');
    await expect(page.getByText('No notes match “dentist”.')).toBeVisible();
    await search.fill('');
    await expect(note(page, 'Pharmacy')).toBeVisible();
  });

  await test.step('edit a note', async () => {
    await note(page, 'Blood test prep').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Note' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Blood test prep');
    await dialog.getByLabel('Title').fill('Lab visit prep');
    await dialog.getByRole('button', { name: 'Save Note' }).click();
    await expect(toast(page, 'Note updated')).toBeVisible();
    await expect(note(page, 'Lab visit prep')).toContainText('Fast for 12 hours before the lab visit.');
    await expect(note(page, 'Blood test prep')).toBeHidden();
  });

  await test.step('mark a note read', async () => {
    const pharmacy = note(page, 'Pharmacy');
    await expect(pharmacy.getByText('Unread', { exact: true })).toBeVisible();
    await pharmacy.getByRole('button', { name: 'Mark Read' }).click();
    await expect(pharmacy.getByText('Unread', { exact: true })).toBeHidden();
    await expect(pharmacy.getByRole('button', { name: 'Mark Read' })).toBeHidden();
  });

  await test.step('delete a note after confirming', async () => {
    await note(page, 'Pharmacy').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this note?' });
    await dialog.getByRole('button', { name: 'Delete Note' }).click();
    await expect(toast(page, 'Note deleted')).toBeVisible();
    await expect(note(page, 'Pharmacy')).toBeHidden();
    await page.reload();
    await expect(note(page, 'Lab visit prep')).toBeVisible();
    await expect(note(page, 'Pharmacy')).toBeHidden();
  });
});

test('a failed save keeps the dialog open with the server’s words; a failed load offers a retry', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('notes-fail', { type: 'general_health' }));
  await page.goto('/dashboard/notes');
  await expect(page.getByText('No notes yet.')).toBeVisible();

  await page.route(/\/api\/v1\/notifications$/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            title: 'Validation failed',
            status: 400,
            detail: 'At most 200 characters',
            errors: [{ path: 'title', message: 'At most 200 characters' }],
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByLabel('Title').fill('Too long, says the server');
  await dialog.getByLabel('Content').fill('Text');
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(toast(page, 'Could not save the note')).toContainText('At most 200 characters');
  await expect(dialog.getByText('At most 200 characters')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.route(/\/api\/v1\/notifications\?/, (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"detail":"Try later."}' }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Could not load your notes');
  await expect(page.getByRole('alert')).toContainText('Try later.');
  await page.unroute(/\/api\/v1\/notifications\?/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No notes yet.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the notes page and its dialog fit and pass axe', async ({ page, newAccount, signInAs }) => {
    await signInAs(await newAccount('notes-phone', { type: 'general_health' }));
    await page.goto('/dashboard/notes');
    await expect(page.getByText('No notes yet.')).toBeVisible();
    await addNote(page, 'Questions for the doctor', 'Ask about the new dose.');
    await expectNoAxeViolations(page);
  });
});
