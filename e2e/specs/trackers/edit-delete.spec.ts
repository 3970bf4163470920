import { expect, test } from '../../support/fixtures';
import { isoAt, localInput, postEntry, shown, TRACKING_BROWSER, toast } from './tracking';

test.use(TRACKING_BROWSER);

test('an entry is corrected and then deleted (after confirming); the lists follow', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('tracking-edit', { type: 'general_health' }));
  await page.goto('/dashboard/trackers/blood-pressure');
  await postEntry(page, {
    tracker: 'blood-pressure',
    occurredAt: isoAt(1, '07:30'),
    notes: 'Morning reading',
    data: { systolic: 128, diastolic: 82 },
  });
  const at = shown(localInput(1, '07:30'));
  await page.reload();
  const list = page.getByRole('list', { name: 'Blood pressure readings' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('128/82 mmHg');

  // Edit: the log dialog comes back filled in with the entry's values.
  await list.getByRole('button', { name: /128\/82 mmHg/ }).click();
  const details = page.getByRole('dialog', { name: 'Blood Pressure Details' });
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Blood Pressure' });
  await expect(edit.getByLabel('Date and time')).toHaveValue(localInput(1, '07:30'));
  await expect(edit.getByLabel('Systolic (mmHg)')).toHaveValue('128');
  await expect(edit.getByLabel('Diastolic (mmHg)')).toHaveValue('82');
  await expect(edit.getByLabel('Notes')).toHaveValue('Morning reading');
  await edit.getByLabel('Systolic (mmHg)').fill('135');
  await edit.getByLabel('Notes').fill('Morning reading, after coffee');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Saved Blood Pressure', 'Your entry was recorded.')).toBeVisible();
  // Still one entry, now corrected, at the same time.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('135/82 mmHg');
  await expect(list).toContainText('Morning reading, after coffee');
  await expect(list).toContainText(`${at.date} · `);

  await page.goto('/dashboard/track-data');
  const recent = page.getByRole('list', { name: 'Recent entries' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent).toContainText('135/82 mmHg');

  // Delete asks first; "Keep entry" keeps it.
  await recent.getByRole('button', { name: /^Blood Pressure, 135\/82 mmHg, / }).click();
  await details.getByRole('button', { name: 'Delete' }).click();
  await expect(details.getByRole('alert')).toHaveText(/Delete this entry\? This cannot be undone\./);
  await details.getByRole('button', { name: 'Keep entry' }).click();
  await expect(details.getByRole('alert')).toHaveCount(0);
  await details.getByRole('button', { name: 'Delete' }).click();
  await details.getByRole('button', { name: 'Delete entry' }).click();
  await expect(details).toBeHidden();
  await expect(toast(page, 'Entry deleted', 'The Blood Pressure entry was removed.')).toBeVisible();
  await expect(page.getByText('No entries found yet.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent entries' })).toHaveCount(0);

  await page.goto('/dashboard/trackers/blood-pressure');
  await expect(page.getByText('No blood pressure readings yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your first reading' })).toHaveAttribute(
    'href',
    '/dashboard/log-data',
  );
});
