import { expect, expectNoAxeViolations, mailedLink, PHONE, test, uniqueEmail } from '../../support/fixtures';
import { pdfWith } from '../documents/helpers';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/**
 * The whole journey: the owner invites a caregiver, the caregiver opens the emailed link and sees
 * only the granted categories, the owner revokes, and the caregiver's next reload is refused.
 */
test('a caregiver sees only what was shared, until the owner revokes it', async ({
  page,
  browser,
  newAccount,
  signInAs,
}) => {
  const owner = await newAccount('share-owner', { type: 'general_health', name: 'Olive Owner' });
  await signInAs(owner);
  const headers = { Origin: process.env.E2E_BASE_URL ?? '' };
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const entry = await page.request.post('/api/v1/entries', {
    headers,
    data: {
      tracker: 'blood-pressure',
      occurredAt: at,
      data: { systolic: 133, diastolic: 84 },
      notes: 'after the walk',
    },
  });
  expect(entry.status()).toBe(201);
  // A second reading, so the caregiver's page draws the blood pressure trend (checked by axe too).
  const earlier = await page.request.post('/api/v1/entries', {
    headers,
    data: {
      tracker: 'blood-pressure',
      occurredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      data: { systolic: 128, diastolic: 82 },
    },
  });
  expect(earlier.status()).toBe(201);
  const appt = await page.request.post('/api/v1/appointments', {
    headers,
    data: {
      provider: 'Dr. Not Shared',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      startTime: '09:00',
    },
  });
  expect(appt.status()).toBe(201);
  const doc = await page.request.post('/api/v1/documents', {
    headers: { ...headers, 'X-Requested-With': 'healthfolio' },
    multipart: {
      title: 'Referral letter',
      category: 'Referrals',
      file: { name: 'referral-note.pdf', mimeType: 'application/pdf', buffer: pdfWith('referral') },
    },
  });
  expect(doc.status(), await doc.text()).toBe(201);

  await page.goto('/dashboard/sharing');
  await expect(page.getByRole('heading', { name: 'People you share with' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite Someone' }).click();
  const dialog = page.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Send Invitation' });
  await expect(send).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Documents' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Health Metrics' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Appointments' })).not.toBeChecked();
  await expect(dialog.getByLabel('Access Expires')).toHaveValue('30');
  const carer = uniqueEmail('carer');
  await dialog.getByRole('textbox', { name: 'Email Address' }).fill(carer);
  await dialog.getByLabel('Name (optional)').fill('Casey Carer');
  await expectNoAxeViolations(page);
  await send.click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();

  const link = await mailedLink(carer, /shared health information/);
  const caregiver = await (await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' })).newPage();
  await caregiver.goto(link);
  await expect(caregiver.getByRole('heading', { name: 'Olive Owner’s shared health data' })).toBeVisible();
  await expect(caregiver.getByRole('heading', { name: 'Health Metrics' })).toBeVisible();
  await expect(caregiver.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(caregiver.getByRole('cell', { name: '133/84 mmHg' })).toBeVisible();
  await expect(caregiver.getByRole('cell', { name: 'after the walk' })).toBeVisible();
  await expect(caregiver.getByRole('heading', { name: 'Blood pressure trend (mmHg)' })).toBeVisible();
  await expect(caregiver.getByRole('heading', { name: 'Appointments' })).toHaveCount(0);
  await expect(caregiver.getByText('Dr. Not Shared')).toHaveCount(0);
  await expect(caregiver.getByRole('link', { name: 'View Referral letter' })).toBeVisible();
  const download = caregiver.waitForEvent('download');
  await caregiver.getByRole('link', { name: 'Download Referral letter' }).click();
  expect((await download).suggestedFilename()).toBe('referral-note.pdf');
  await expectNoAxeViolations(caregiver);
  await caregiver.setViewportSize(PHONE);
  // On a phone each entry is a card: the notes are on screen, not cut off past its right edge.
  // (The desktop table stays in the page, hidden; the phone's list of cards is what shows.)
  const notes = caregiver.getByRole('list', { name: 'Health metric entries' }).getByText('after the walk');
  await expect(notes).toBeVisible();
  const box = (await notes.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(caregiver);

  await page.reload();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Not opened yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Access revoked' })).toBeVisible();
  await expect(page.getByText('Revoked', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);

  await caregiver.reload();
  await expect(caregiver.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(caregiver.getByText('133/84 mmHg')).toHaveCount(0);
});
