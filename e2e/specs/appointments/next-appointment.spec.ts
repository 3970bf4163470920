import { expect, test } from '../../support/fixtures';
import { APPOINTMENTS_BROWSER, dateAhead, postAppointment } from './helpers';

test.use(APPOINTMENTS_BROWSER);

test('the dashboard shows the next appointment, or says there is none', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('next-appointment', { type: 'general_health' }));
  await page.goto('/dashboard');
  // The card around its title (header, then card).
  const card = page.getByRole('heading', { name: 'Next Appointment' }).locator('xpath=../..');
  await expect(card).toContainText('No appointments scheduled.');

  // The later one is saved first: the card still shows the soonest.
  await postAppointment(page, { provider: 'Dr. Later', date: dateAhead(20), startTime: '10:00' });
  await postAppointment(page, {
    provider: 'Dr. Sooner',
    specialty: 'Cardiology',
    date: dateAhead(3),
    startTime: '11:15',
    location: 'Heart Center',
  });
  await page.reload();
  await expect(card).toContainText('Dr. Sooner');
  await expect(card).toContainText('Cardiology');
  await expect(card).toContainText('Heart Center');
  await expect(card).not.toContainText('Dr. Later');
});

test('on the diabetes platform the page is Endo Visits', async ({ page, accounts, signInAs }) => {
  await signInAs(await accounts.diabetes());
  await page.goto('/dashboard/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Endo Visits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule Appointment' })).toBeVisible();
  await expect(page).toHaveTitle('Healthfolio — Endo Visits');
});
