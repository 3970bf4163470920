import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

test('an LDL result typed in mmol/L is converted, flagged high and has its trend page', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('lab-results', { type: 'general_health' }));
  await page.goto('/dashboard/lab-results');
  await expect(page.getByText('No lab results yet.')).toBeVisible();
  // In the sidebar of the general mode.
  await expect(
    page.getByRole('navigation', { name: 'Secondary' }).getByRole('link', { name: 'Lab Results' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Add a result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a result' });
  // The test is found by keyboard in the LOINC subset.
  const test_ = dialog.getByRole('combobox', { name: 'Test' });
  const list = dialog.getByRole('listbox', { name: 'Tests' });
  // By keyboard: Enter in the empty field picks no test, Tab leaves the field with its list open,
  // and Escape closes the list only, keeping what was typed.
  await expect(test_).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Choose a test from the list')).toBeVisible();
  await expect(test_).toHaveValue('');
  await page.keyboard.type('ldl');
  await expect(list).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Value')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(test_).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(test_).toHaveValue('ldl');
  await test_.fill('zzzz');
  await expect(dialog.getByText('No test matches.')).toBeVisible();
  await expectNoAxeViolations(page);
  // With the list closed, Escape closes the dialog; it opens afresh.
  await page.keyboard.press('Escape');
  await expect(dialog.getByText('No test matches.')).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add a result' }).click();
  await expect(test_).toHaveValue('');
  await test_.fill('ldl calc');
  await expect(dialog.getByRole('option', { name: /LDL cholesterol \(calculated\)/ })).toBeVisible();
  await test_.press('ArrowDown');
  await test_.press('Enter');
  await expect(test_).toHaveValue('LDL cholesterol (calculated)');
  await dialog.getByLabel('Unit').selectOption('mmol/L');
  // The subset's range (below 100 mg/dL) in the unit chosen.
  await expect(dialog.getByLabel('High end')).toHaveValue('2.59');
  await dialog.getByLabel('Value').fill('3.4');
  await expect(dialog.getByLabel('Value')).toHaveAccessibleDescription('That is 131 mg/dL.');
  await dialog.getByRole('button', { name: 'Add result' }).click();
  await expect(dialog).toBeHidden();

  const tests = page.getByRole('list', { name: 'Lab tests' });
  const card = tests.getByRole('listitem').filter({ hasText: 'LDL cholesterol (calculated)' });
  await expect(card).toContainText('3.4 mmol/L');
  await expect(card).toContainText('High');
  await expect(card).toContainText('Typed in');

  await card.getByRole('link', { name: 'LDL cholesterol (calculated)' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lab-results\/13457-7$/);
  await expect(
    page.getByRole('figure', {
      name: /Line chart of LDL cholesterol \(calculated\) by date, the reference range shaded/,
    }),
  ).toBeVisible();
  const results = page.getByRole('list', { name: 'LDL cholesterol (calculated) results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText('Reference: Below 2.59 mmol/L');

  // A typo in the value is corrected on screen: checked first, then the flag follows the new value.
  await results.getByRole('button', { name: /^Edit the result of/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit result' });
  await expect(edit.getByLabel('Value')).toHaveValue('3.4');
  await expect(edit.getByLabel('Unit')).toHaveValue('mmol/L');
  await edit.getByLabel('Low end').fill('3');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('The low end must not be above the high end')).toBeVisible();
  await edit.getByLabel('Low end').fill('');
  await edit.getByLabel('Value').fill('2.1');
  await edit.getByLabel('Lab name (optional)').fill('City Lab');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(results).toContainText('2.1 mmol/L');
  await expect(results).toContainText('Normal');
  await expect(results).toContainText('City Lab');
  await page.getByRole('link', { name: 'Back to lab results' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lab-results$/);
  await expect(card).toContainText('2.1 mmol/L');
  await expect(card).toContainText('Normal');

  // A typo is deleted from the test's page; the last result gone, the list is empty again.
  await card.getByRole('link', { name: 'LDL cholesterol (calculated)' }).click();
  await results.getByRole('button', { name: /^Delete the result of/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete result' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lab-results$/);
  await expect(page.getByText('No lab results yet.')).toBeVisible();

  // A test with no results, or an address that is not a test, is said plainly, with no Try again.
  await page.goto('/dashboard/lab-results/9999-9');
  await expect(page.getByText('You have no results for this test yet.')).toBeVisible();
  await page.goto('/dashboard/lab-results/abc%20def');
  await expect(page.getByText('This is not the address of a lab test.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('in diabetes mode an A1C added on the A1C tracker is a lab result with its flag', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('lab-results-a1c', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/a1c-tracker');
  await page.getByLabel('A1C (%)').fill('6.8');
  await page.getByLabel('Test date', { exact: true }).fill('2026-10-01');
  await page.getByRole('button', { name: 'Add reading' }).click();
  await expect(page.getByRole('heading', { name: 'Latest A1C' }).locator('xpath=../..')).toContainText(
    '6.8%',
  );

  await page
    .getByRole('navigation', { name: 'Secondary' })
    .getByRole('link', { name: 'Lab Results' })
    .click();
  await expect(page.getByRole('heading', { name: 'Lab Results', level: 1 })).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Lab tests' })
    .getByRole('listitem')
    .filter({ hasText: 'Hemoglobin A1c' });
  await expect(card).toContainText('6.8%');
  await expect(card).toContainText('High');
  await expect(card).toContainText('LOINC 4548-4');

  // A result the report marks critical says what to do now, before its figure.
  const advice =
    'The lab marked this result critical. Contact your doctor or the lab today; if you feel very unwell, call emergency services.';
  await page.getByRole('button', { name: 'Add a result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a result' });
  await dialog.getByRole('combobox', { name: 'Test' }).fill('potassium');
  await dialog.getByRole('option', { name: /^Potassium/ }).click();
  await dialog.getByLabel('Value').fill('6.9');
  await dialog.getByLabel('The report marks this result critical').check();
  await dialog.getByRole('button', { name: 'Add result' }).click();
  await expect(page.getByText('Potassium result added')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').getByText(advice)).toBeVisible();
  // The advice, then the figure, in the text of the card and of the test page's result.
  const adviceThen = (figure: string) =>
    new RegExp(`${advice.replace(/[.;]/g, '\\$&')}.*${figure.replace('.', '\\.')}`);
  const potassium = page
    .getByRole('list', { name: 'Lab tests' })
    .getByRole('listitem')
    .filter({ hasText: 'Potassium' });
  await expect(potassium).toContainText(adviceThen('6.9 mmol/L'));
  await potassium.getByRole('link', { name: 'Potassium' }).click();
  await expect(page.getByRole('list', { name: 'Potassium results' })).toContainText(adviceThen('6.9 mmol/L'));
  await expect(page.getByText(advice).first()).toBeVisible();
});
