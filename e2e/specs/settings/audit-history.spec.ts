import { expect, expectNoAxeViolations, test } from '../../support/fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** The manifest address inside a SMART Health Link (`…#shlink:/<base64url JSON>`). */
const manifestUrl = (link: string) => {
  const payload = link.split('shlink:/')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { url: string }).url;
};

test('Account activity reads as sentences, with the browser by name and never the raw header', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(180_000); // four kinds of event and a sign-in, on a shared two-core machine
  const account = await newAccount('audit-history', { type: 'general_health' });
  // The user agent this Chromium sends on Linux (the project's desktop preset says Windows instead).
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'UTC',
    baseURL: process.env.E2E_BASE_URL,
    userAgent,
  });
  const page = await context.newPage();
  const headers = { Origin: process.env.E2E_BASE_URL ?? '' };
  const rawAgent = await page.evaluate(() => navigator.userAgent);

  await test.step('sign in and log a journal entry in the browser', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/dashboard/trackers/journal');
    await page.getByRole('button', { name: 'New Journal Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Journal Entry' });
    await dialog.getByLabel('Journal entry').fill('A private thought about my health.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('a bill payment, and a wrong passcode on a visit packet', async () => {
    const bill = await page.request.post('/api/v1/insurance/bills', {
      headers,
      data: { provider: 'City Lab', amount: '100.00', dueDate: '2026-11-01', category: 'Lab Work' },
    });
    expect(bill.status(), await bill.text()).toBe(201);
    const billId = ((await bill.json()) as { id: string }).id;
    const paid = await page.request.post(`/api/v1/insurance/bills/${billId}/payments`, {
      headers,
      data: { amount: '40.00', paidOn: '2026-11-02' },
    });
    expect(paid.status(), await paid.text()).toBe(201);

    const packet = await page.request.post('/api/v1/packets', {
      headers,
      data: { days: 14, categories: ['blood_pressure'], questions: [] },
    });
    expect(packet.status(), await packet.text()).toBe(201);
    const { link, passcode } = (await packet.json()) as { link: string; passcode: string };
    const wrong = await page.request.post(manifestUrl(link), {
      data: { recipient: 'Riverside Clinic', passcode: passcode === '00000000' ? '11111111' : '00000000' },
    });
    expect(wrong.status()).toBe(401);
  });

  await test.step('Settings says what happened in words, newest first, never the entry’s text', async () => {
    await page.goto('/dashboard/settings');
    const activity = page.getByRole('list', { name: 'Account activity' });
    const items = activity.getByRole('listitem');
    await expect(items.first()).toContainText('Someone entered a wrong passcode for your visit packet', {
      timeout: 30_000,
    });
    await expect(items.first()).toContainText('1 wrong try so far');
    await expect(items.filter({ hasText: 'You added a bill payment' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'You added an entry' })).toHaveCount(1);
    const signIn = items.filter({ hasText: 'You signed in' });
    await expect(signIn.first()).toContainText('Chrome on Linux');
    await expect(signIn.first()).toContainText('127.0.0.1');
    await expect(activity).not.toContainText(rawAgent);
    await expect(activity).not.toContainText(/bill_payment|visit_packet|access_denied|admin access/i);
    await expect(activity).not.toContainText('A private thought');
    await activity.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });
  await context.close();
});

test('Account activity shows times in the profile’s time zone, not the browser’s', async ({
  browser,
  newAccount,
}) => {
  const account = await newAccount('audit-zone', { type: 'general_health' });
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'America/New_York',
    baseURL: process.env.E2E_BASE_URL,
  });
  await context.addCookies(account.cookies);
  const page = await context.newPage();
  const headers = { Origin: process.env.E2E_BASE_URL ?? '' };
  const zone = await page.request.patch('/api/v1/profile', { headers, data: { timezone: 'Asia/Tokyo' } });
  expect(zone.status(), await zone.text()).toBe(200);
  const audit = await page.request.get('/api/v1/audit?limit=1');
  const [latest] = ((await audit.json()) as { items: { createdAt: string }[] }).items;
  expect(latest, 'an audit event to show').toBeDefined();
  const at = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(latest!.createdAt),
    );

  await page.goto('/dashboard/settings');
  const first = page.getByRole('list', { name: 'Account activity' }).getByRole('listitem').first();
  await expect(first.locator('time')).toHaveText(at('Asia/Tokyo'), { timeout: 30_000 });
  await expect(first.locator('time')).not.toHaveText(at('America/New_York'));
  await context.close();
});
