import { fileURLToPath } from 'node:url';
import { expect, test } from '../../support/fixtures';

/** A Synthea-shaped FHIR bundle written for the tests (server/test/fixtures/records). */
const BUNDLE = fileURLToPath(
  new URL('../../../server/test/fixtures/records/synthea-bundle.json', import.meta.url),
);

test('a FHIR record is previewed, imported once, and its lab trend and health summary show', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('record-import', { type: 'general_health' }));
  await page.goto('/dashboard/health-summary');
  await expect(page.getByText('Nothing here yet. Import a record')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Secondary' }).getByRole('link', { name: 'Health Summary' }),
  ).toBeVisible();

  await page.goto('/dashboard/lab-results');
  await page.getByRole('button', { name: 'Import a record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a record' });
  await dialog.getByLabel('Record file').setInputFiles(BUNDLE);
  await expect(dialog).toContainText(
    'To add: 3 lab results, 2 vital signs, 2 conditions, 1 allergy, 1 immunization, 1 procedure, 1 medication.',
  );
  // The file is Ada Testperson's, not this account's: said plainly, and imported only once confirmed.
  await expect(dialog.getByRole('alert')).toContainText(
    'This file is the record of Ada Testperson, born May 1, 1970, not of',
  );
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await dialog.getByLabel('Import it into this record anyway').check();
  await expect(dialog).toContainText('Visits (1): Healthfolio does not import these yet.');
  await expect(dialog).toContainText('Vital signs (1): Healthfolio does not keep body height yet.');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toContainText('Import finished');
  await expect(dialog).toContainText('Added 3 lab results, 2 vital signs');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const card = page
    .getByRole('list', { name: 'Lab tests' })
    .getByRole('listitem')
    .filter({ hasText: 'Hemoglobin A1c' });
  await expect(card).toContainText('7.2%');
  await expect(card).toContainText('High');
  await expect(card).toContainText('Imported file');
  await card.getByRole('link', { name: /Hemoglobin A1c/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/lab-results\/4548-4$/);
  await expect(page.getByRole('figure', { name: /Line chart of Hemoglobin A1c/ })).toBeVisible();

  // The same file again: everything is already here, so there is nothing to import.
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Import a record' }).click();
  const again = page.getByRole('dialog', { name: 'Import a record' });
  await again.getByLabel('Record file').setInputFiles(BUNDLE);
  await expect(again).toContainText(
    'Everything in this file is already in your record (11 items). Nothing to import.',
  );
  await expect(again.getByRole('button', { name: 'Import' })).toBeDisabled();
  await again.getByRole('button', { name: 'Cancel' }).click();

  await page
    .getByRole('navigation', { name: 'Secondary' })
    .getByRole('link', { name: 'Health Summary' })
    .click();
  const conditions = page.getByRole('list', { name: 'Conditions' });
  const diabetes = conditions.getByRole('listitem').filter({ hasText: 'Diabetes mellitus type 2' });
  await expect(diabetes).toContainText('Active');
  await expect(diabetes).toContainText(/Since (15 Mar 2018|Mar 15, 2018)/);
  // The source is the stored file: its link opens that document.
  await expect(diabetes).toContainText('Source: Imported record (FHIR R4 bundle)');
  await diabetes.getByRole('link', { name: 'Imported record (FHIR R4 bundle)' }).click();
  await expect(page.getByRole('dialog', { name: 'Imported record (FHIR R4 bundle)' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('list', { name: 'Allergies' })).toContainText('Allergy to peanuts');
  await expect(page.getByRole('list', { name: 'Medications' })).toContainText('Metformin');
});

/** A Synthea claim and its EOB, cut for the tests: the claim's only identifier is its resource id. */
const CLAIM = fileURLToPath(
  new URL('../../../server/test/fixtures/records/synthea-eob.json', import.meta.url),
);

test('an imported claim without a number of its own shows none, and can be edited without one', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('claim-import', { type: 'general_health' }));
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Import a record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a record' });
  await dialog.getByLabel('Record file').setInputFiles(CLAIM);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toContainText('Import finished');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto('/dashboard/insurance');
  await page.getByRole('tab', { name: 'Claims', exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('$265.52');
  await expect(panel).not.toContainText(/Claim [0-9a-f]{8}-/);
  await panel.getByRole('button', { name: 'View Claim Details' }).click();
  await page.getByRole('dialog', { name: 'Claim' }).getByRole('button', { name: 'Edit Claim' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Claim' });
  await expect(edit.getByLabel('Claim number')).toHaveValue('');
  await edit.getByLabel('Description').fill('Annual check-up');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Claim updated' })).toBeVisible();
  await expect(panel).not.toContainText(/Claim [0-9a-f]{8}-/);
});

/** HL7's sample CCD (HL7-C-CDA-Examples "CCD 1"): a colonoscopy done in 2012, another planned for 2013. */
const CCD = fileURLToPath(new URL('../../../server/test/fixtures/records/hl7-ccd-1.xml', import.meta.url));

test('a C-CDA record lists each kind not imported once, and its done colonoscopy with its day', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('ccd-import', { type: 'general_health' }));
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Import a record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a record' });
  await dialog.getByLabel('Record file').setInputFiles(CCD);
  await dialog.getByLabel('Import it into this record anyway').check();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toContainText('Import finished');
  // Measurements are held back for three reasons: named once, the reasons under it.
  const notImported = dialog.getByRole('listitem').filter({ hasText: /^Measurements \(/ });
  await expect(notImported).toHaveCount(1);
  await expect(notImported).toContainText('Measurements (11):');
  await expect(notImported.getByRole('listitem')).toHaveText([
    'A measurement without a date and time (8)',
    'A questionnaire answer or a measurement without a measured value (2)',
    'A measurement without a LOINC code (1)',
  ]);
  await expect(dialog).toContainText(
    'Planned care (1): Care that was ordered or planned but not done yet: your health summary lists what was done.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto('/dashboard/health-summary');
  const colonoscopy = page
    .getByRole('list', { name: 'Procedures' })
    .getByRole('listitem')
    .filter({ hasText: 'Colonoscopy' });
  await expect(colonoscopy).toHaveCount(1);
  await expect(colonoscopy).toContainText('Completed');
  await expect(colonoscopy).toContainText(/Done on (12 May 2012|May 12, 2012)/);
});
