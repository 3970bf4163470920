import { expect, expectNoAxeViolations, test } from '../../support/fixtures';
import { APPOINTMENTS_BROWSER, dateAhead, postAppointment, toast } from './helpers';

test.use(APPOINTMENTS_BROWSER);

test('a private calendar link serves the appointments until it is revoked', async ({
  page,
  request,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('calendar-feed'));
  await page.goto('/dashboard/appointments');
  await postAppointment(page, { provider: 'Dr. Feed Test', date: dateAhead(5), startTime: '14:00' });

  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const address = page.getByLabel('Your private calendar link');
  await expect(address).toHaveValue(/\/api\/v1\/calendar\/[\w-]+\.ics$/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  let url = await address.inputValue();
  await expectNoAxeViolations(page);
  await expect(page.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:\/\//, 'webcal://'),
  );

  // A calendar app has no session: the address alone is enough.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('Dr. Feed Test');

  // After a reload the address is not known any more; the link is said to be active.
  await page.reload();
  await expect(page.getByText('Your calendar link is active.')).toBeVisible();
  await expect(page.getByLabel('Your private calendar link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Replace link' })).toBeVisible();

  // Replacing ends the link calendars use now: it asks first, and keeping it changes nothing.
  await page.getByRole('button', { name: 'Replace link' }).click();
  const replace = page.getByRole('alertdialog', { name: 'Replace the calendar link?' });
  await expect(replace).toContainText('stops working at once');
  await replace.getByRole('button', { name: 'Keep it' }).click();
  expect((await request.get(url)).status()).toBe(200);
  await page.getByRole('button', { name: 'Replace link' }).click();
  await replace.getByRole('button', { name: 'Replace link' }).click();
  await expect(address).not.toHaveValue(url);
  expect((await request.get(url)).status()).toBe(404);
  url = await address.inputValue();
  expect((await request.get(url)).status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke the calendar link?' })
    .getByRole('button', { name: 'Revoke link' })
    .click();
  await expect(toast(page, 'Calendar link revoked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
