import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { expectDetails, logFromTile, TRACKING_BROWSER, toast } from '../trackers/tracking';
import { expectPhotoLoaded, holdPhotoUploads, jpegOf } from './meal-photo';

test.use(TRACKING_BROWSER);

test('a meal photo dropped in the log dialog is analysed, fills the form, and the saved meal shows its AI estimate', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('ai-meal', { type: 'general_health' }));
  const dialog = await logFromTile(page, 'Meal');
  const analyze = dialog.getByRole('button', { name: 'Analyze photo' });
  await analyze.click();
  await expect(toast(page, 'No photo selected', 'Please upload a photo first')).toBeVisible();

  // Drag a real JPEG over the drop zone (it is highlighted), then drop it.
  const jpeg = await jpegOf(1600, 1200);
  const transfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'lunch.jpg', { type: 'image/jpeg' }));
    return dt;
  }, jpeg.toString('base64'));
  const zone = dialog.getByTestId('meal-photo-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(zone).not.toHaveAttribute('data-dragging');
  await expect(toast(page, 'Photo selected!', 'Ready to analyze your food photo')).toBeVisible();
  await expect(dialog.getByText('lunch.jpg')).toBeVisible();

  await dialog.getByLabel('Notes').fill('Office canteen');
  // While the analysis is on its way, it says so, and Save waits for it (visibly).
  const held = await holdPhotoUploads(page);
  await analyze.click();
  const analyzing = dialog.getByRole('button', { name: 'Analyzing...' });
  await expect(analyzing).toBeDisabled();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Wait for the photo analysis to finish, then save.');
  held.release();
  await expect(toast(page, 'Analysis complete!', 'Found 3 food items, ~620 calories')).toBeVisible();
  await expect(dialog.getByLabel('Meal type')).toHaveValue('lunch');
  await expect(dialog.getByLabel('Calories (kcal)')).toHaveValue('620');
  await expect(dialog.getByLabel('Carbs (g)')).toHaveValue('68');
  await expect(dialog.getByLabel('What did you eat?')).toHaveValue('Grilled chicken, Rice, Broccoli');
  await expect(dialog.getByLabel('Notes')).toHaveValue(
    'Office canteen\nAI Analysis: Grilled chicken, Rice, Broccoli — ~620 calories, 68 g carbs. Balanced plate: protein, starch and vegetables.',
  );
  await expectNoAxeViolations(page);

  // The user corrects the carbs: only the calories stay the AI's estimate.
  await dialog.getByLabel('Carbs (g)').fill('60');
  await save.click();
  await expect(toast(page, 'Saved Meal', 'Your meal was recorded.')).toBeVisible();
  expect(held.sent).toHaveLength(1); // the analysed photo is the meal's: not uploaded again

  await page.goto('/dashboard/trackers/meal');
  const row = page
    .getByRole('list', { name: 'Meals' })
    .getByRole('listitem')
    .filter({ hasText: 'Office canteen' });
  await expect(row).toContainText('Lunch • 620 kcal (AI estimate) • Grilled chicken, Rice, Broccoli');
  const details = await expectPhotoLoaded(page, '', 'Your meal: Grilled chicken, Rice, Broccoli', 1024);
  await expectDetails(details, {
    Calories: '620 kcal',
    Carbs: '60 g',
    Source: 'Calories: AI estimate from a photo (e2e-vision)',
  });
});

test('a photo picked but not analysed is stored with the meal on Save, once, while Save waits for it', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('ai-meal-unanalysed', { type: 'general_health' }));
  const dialog = await logFromTile(page, 'Meal');
  await dialog.getByLabel('Food photo (optional)').setInputFiles({
    name: 'dinner.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegOf(800, 600),
  });
  await dialog.getByLabel('What did you eat?').fill('Soup');
  const held = await holdPhotoUploads(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  held.release();
  await expect(toast(page, 'Saved Meal', 'Your meal was recorded.')).toBeVisible();
  // Stored only, not analysed, and once.
  expect(held.sent).toEqual([expect.stringMatching(/\?analyze=false$/)]);
  const details = await expectPhotoLoaded(page, '', 'Your meal: Soup', 800);
  await expect(details.getByText('AI estimate')).toHaveCount(0);
});
