import { expect, test } from '../../support/fixtures';

test('an A1C dated in the future is refused with a field error and never becomes the latest A1C', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('a1c-future', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/a1c-tracker');
  await page.getByLabel('A1C (%)').fill('5.2');
  await page.getByLabel('Test date', { exact: true }).fill('2030-01-01');
  await page.getByRole('button', { name: 'Add reading' }).click();
  await expect(page.getByLabel('Test date', { exact: true })).toHaveAccessibleDescription(
    'Cannot be in the future',
  );
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'A1C reading added' })).toHaveCount(0);
  await expect(page.getByText('No A1C readings yet. Add your first lab result.')).toBeVisible();

  // The server holds the same rule for any client, naming the field (an A1C is a lab result, 4548-4).
  const res = await page.request.post('/api/v1/lab-results', {
    data: {
      testName: 'Hemoglobin A1c',
      loinc: '4548-4',
      value: 5.2,
      unit: '%',
      effectiveAt: '2030-01-01T12:00:00Z',
    },
    headers: { Origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).errors).toEqual([{ path: 'effectiveAt', message: 'Cannot be in the future' }]);

  // Today's test, logged whatever the hour, is accepted.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
  await page.getByLabel('Test date', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Add reading' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'A1C reading added successfully' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest A1C' }).locator('xpath=../..')).toContainText(
    '5.2%',
  );
});
