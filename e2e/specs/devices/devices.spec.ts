import { expect, expectNoAxeViolations, PHONE, test } from '../../support/fixtures';

test('connects a device through Terra’s widget in a 500×600 popup and lists it under My Devices', async ({
  page,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('devices-connect', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/devices');
  await expect(page.getByRole('heading', { name: 'CGM & Devices' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /My Devices/ })).toContainText('0');
  await expectNoAxeViolations(page);

  // The popup's features as the page asks for them (its size is the spec's 500 by 600).
  await page.evaluate(() => {
    const open = window.open.bind(window);
    const calls: (string | undefined)[] = [];
    Object.assign(window, { openCalls: calls });
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push(features);
      return open(url, target, features);
    };
  });
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Fitness Trackers' }).click();
  const popup = await popupOpened;
  expect(await page.evaluate(() => (window as unknown as { openCalls: string[] }).openCalls)).toEqual([
    'width=500,height=600',
  ]);
  // The stub's widget logs in at once, Terra's webhook reaches the app, and the popup comes back and closes.
  await popup.waitForEvent('close');

  await expect(page.getByRole('tab', { name: /My Devices/ })).toHaveAttribute('data-state', 'active');
  const list = page.getByRole('list', { name: 'Connected devices' });
  await expect(list.getByText('Fitbit')).toBeVisible();
  await expect(page.getByRole('tab', { name: /My Devices/ })).toContainText('1');
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Data Overview' }).click();
  await expect(page.getByText('Glucose readings')).toBeVisible();

  await page.getByRole('tab', { name: /My Devices/ }).click();
  await list.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Device Disconnected')).toBeVisible();
  await expect(page.getByText('No devices connected yet.')).toBeVisible();
});

test('an uploader credential is shown once and works for xDrip+ and AndroidAPS until revoked', async ({
  page,
  request,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('devices-uploader', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/devices');
  await page.getByRole('tab', { name: /My Devices/ }).click();
  await page.getByLabel('Credential name').fill('xDrip+ test phone');
  await page.getByRole('button', { name: 'Create credential' }).click();
  const address = page.getByRole('textbox', { name: 'xDrip+ Base URL' });
  await expect(address).toHaveValue(/^http:\/\/[\w-]+@127\.0\.0\.1:\d+\/ns\/[\w-]{16}\/api\/v1\/$/);
  await expect(page.getByText('the secret will not be shown again')).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = await page.getByRole('textbox', { name: 'API secret' }).inputValue();
  const base = await page.getByRole('textbox', { name: 'Nightscout URL' }).inputValue();

  const status = await request.get(`${base}/api/v1/status.json?token=${secret}`);
  expect(status.status()).toBe(200);
  // AndroidAPS (NSClient v3): the secret is its access token, traded for a JWT at the site's root.
  await expect(page.getByText('enter it as the NS access token')).toBeVisible();
  const jwt = await request.get(`${new URL(base).origin}/api/v2/authorization/request/${secret}`);
  const { token } = await jwt.json();
  const v3 = await request.get(`${base.toLowerCase()}/api/v3/status`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await v3.json()).result.apiPermissions.treatments).toBe('crud');

  await page.reload();
  await page.getByRole('tab', { name: /My Devices/ }).click();
  await expect(page.getByText('xDrip+ test phone')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'API secret' })).toHaveCount(0);

  await page
    .getByRole('list', { name: 'Upload credentials' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No upload credentials yet.')).toBeVisible();
  expect((await request.get(`${base}/api/v1/status.json?token=${secret}`)).status()).toBe(401);
  const revoked = await request.get(`${base.toLowerCase()}/api/v3/status`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(401);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });
  test('Connect takes the whole page to Terra’s widget and comes back with the device connected', async ({
    page,
    newAccount,
    signInAs,
  }) => {
    await signInAs(await newAccount('devices-phone-connect', { type: 'diabetes_focused' }));
    await page.goto('/dashboard/devices');
    const widget = page.waitForRequest((r) => /\/widget\/page\//.test(r.url()));
    await page.getByRole('button', { name: 'Connect Fitness Trackers' }).click();
    // A full redirect of this page, not a popup: the stub's widget logs in and sends it back.
    expect((await widget).frame()).toBe(page.mainFrame());
    await page.waitForURL(/\/dashboard\/devices/);
    await expect(page.getByRole('list', { name: 'Connected devices' }).getByText('Fitbit')).toBeVisible();
    await expect(page.getByRole('tab', { name: /My Devices/ })).toContainText('1');
    expect(page.context().pages()).toHaveLength(1);
  });

  test('the devices tabs fit and pass axe', async ({ page, accounts, signInAs }) => {
    await signInAs(await accounts.diabetes());
    await page.goto('/dashboard/devices');
    await expect(page.getByRole('button', { name: 'Connect Fitness Trackers' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: /My Devices/ }).click();
    await expect(page.getByRole('heading', { name: 'Nightscout uploader' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing sticks out to the right: the three tabs share the width.
    const overflowing = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('main *')).filter(
          (e) => e.getBoundingClientRect().right > window.innerWidth + 1,
        ).length,
    );
    expect(overflowing).toBe(0);
  });
});
