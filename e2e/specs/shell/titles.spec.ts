import { expect, test } from '../../support/fixtures';

test('document titles follow the screen and the platform mode', async ({ page, accounts, signInAs }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Healthfolio — Personal Health Records');
  await page.goto('/auth');
  await expect(page).toHaveTitle('Healthfolio — Sign In');

  await signInAs(await accounts.general());
  const general: [string, string][] = [
    ['/dashboard', 'Healthfolio — Health Dashboard'],
    ['/dashboard/alerts', 'Alerts - Health Dashboard'],
    ['/dashboard/settings', 'Healthfolio — Settings'],
    ['/dashboard/appointments', 'Healthfolio — Appointments'],
    ['/dashboard/trackers/weight/trends', 'Healthfolio — Weight Trends'],
  ];
  for (const [path, title] of general) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test('diabetes mode titles', async ({ page, accounts, signInAs }) => {
  await signInAs(await accounts.diabetes());
  const diabetes: [string, string, string][] = [
    ['/dashboard', 'Healthfolio — Smart Diabetes Management', 'Smart Diabetes Management'],
    ['/dashboard/appointments', 'Healthfolio — Endo Visits', 'Endo Visits'],
    ['/dashboard/sharing', 'Healthfolio — Care Team Access', 'Care Team Access'],
    ['/dashboard/devices', 'Healthfolio — CGM & Devices', 'CGM & Devices'],
    ['/dashboard/notifications', 'Healthfolio — Glucose Alerts', 'Glucose Alerts'],
    ['/dashboard/ai-analysis', 'Healthfolio — AI Assistant', 'AI Assistant'],
  ];
  for (const [path, title, heading] of diabetes) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
});
