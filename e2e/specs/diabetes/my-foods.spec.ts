import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

test('a user adds their own food, finds it in search and logs a meal with it', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('my-foods', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/carb-counter');
  await expect(page.getByText('You have not added any foods yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Save to my foods' }).click();
  await expect(page.getByText('Enter the food’s name')).toBeVisible();

  await page.getByLabel('Food name').fill('Grandma’s granola');
  await page.getByLabel('Carbs per 100 g').fill('64.5');
  await page.getByLabel('Serving (optional)').fill('1/2 cup (50 g)');
  await page.getByRole('button', { name: 'Save to my foods' }).click();
  const mine = page.getByRole('list', { name: 'My foods' });
  await expect(mine.getByText('Grandma’s granola')).toBeVisible();

  // Kept on the server: still there after a reload, and found by search like a built-in food.
  await page.reload();
  await page.getByLabel('Search foods').fill('GRANOLA');
  await expect(page.getByText('64.5 g carbs per 100 g · 1/2 cup (50 g)').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add Grandma’s granola' }).first().click();
  await expect(page.getByText('64.5 g', { exact: true }).last()).toBeVisible();
  await page.getByRole('button', { name: /log meal/i }).click();
  await expect(page.getByText('Meal logged: 64.5g carbs')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Remove Grandma’s granola from my foods' }).click();
  await expect(page.getByText('You have not added any foods yet.')).toBeVisible();
});
