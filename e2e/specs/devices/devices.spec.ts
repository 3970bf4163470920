import { DEXCOM_ACCOUNT, LIBRE_ACCOUNT } from '../../support/dexcom';
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

test('a follower token is shown once, reads at the site’s root, never writes, and stops when removed', async ({
  page,
  request,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('devices-follower', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/devices');
  await page.getByRole('tab', { name: /My Devices/ }).click();
  await page.getByLabel('Who is following').fill('Mum, LoopFollow');
  await page.getByRole('button', { name: 'Add follower' }).click();
  await expect(page.getByText('the token will not be shown again')).toBeVisible();
  await expectNoAxeViolations(page);
  const site = await page.getByRole('textbox', { name: 'Site address', exact: true }).inputValue();
  const token = await page.getByRole('textbox', { name: 'Token', exact: true }).inputValue();
  expect(token).toMatch(/^follow-[0-9a-f]{40}$/);

  // LoopFollow checks the address and token with status.json at the root.
  const status = await request.get(`${site}/api/v1/status.json?token=${token}`);
  expect(status.status()).toBe(200);
  expect((await status.json()).authorized.permissionGroups).toEqual([['*:*:read']]);
  const write = await request.post(`${site}/api/v1/treatments?token=${token}`, {
    data: [{ eventType: 'Note', notes: 'hello', created_at: new Date(Date.now() - 60_000).toISOString() }],
  });
  expect(write.status()).toBe(401);

  await page.reload();
  // The tab answers once the page is interactive: click until it is the selected one.
  const myDevices = page.getByRole('tab', { name: /My Devices/ });
  await expect(async () => {
    await myDevices.click();
    await expect(myDevices).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
  await expect(page.getByText('Mum, LoopFollow')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toHaveCount(0);
  await page.getByRole('list', { name: 'Followers' }).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No followers yet.')).toBeVisible();
  expect((await request.get(`${site}/api/v1/status.json?token=${token}`)).status()).toBe(401);
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

  // AndroidAPS uploads while it loops; the diabetes home shows what it said.
  const at = Date.now() - 2 * 60_000;
  const iso = new Date(at).toISOString();
  const upload = (collection: string, data: unknown) =>
    request.post(`${base.toLowerCase()}/api/v3/${collection}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
  const deviceStatus = await upload('devicestatus', {
    date: at,
    created_at: iso,
    app: 'AAPS',
    device: 'openaps://Pixel 8',
    uploaderBattery: 81,
    pump: { reservoir: 87.5, battery: { percent: 55 } },
    openaps: {
      suggested: { COB: 18, timestamp: iso },
      enacted: { rate: 1.2, duration: 30, received: true, timestamp: iso },
      iob: { iob: 1.85, time: iso },
    },
  });
  expect(deviceStatus.status()).toBe(201);
  const temp = { date: at, app: 'AAPS', eventType: 'Temp Basal', absolute: 1.2, duration: 30 };
  expect((await upload('treatments', { ...temp, identifier: 'e2e-temp-basal' })).status()).toBe(201);
  const profileSwitch = { date: at - 60_000, app: 'AAPS', eventType: 'Profile Switch', profile: 'Sport' };
  const switched = await upload('treatments', {
    ...profileSwitch,
    percentage: 120,
    duration: 60,
    identifier: 'e2e-profile-switch',
  });
  expect(switched.status()).toBe(201);
  await page.goto('/dashboard');
  const loop = page.getByRole('region', { name: 'Closed loop' });
  await expect(loop.getByRole('heading', { name: 'OpenAPS: Looping, change enacted' })).toBeVisible();
  await expect(loop).toContainText('As your loop reported 2 minutes ago');
  for (const [term, value] of <[string, string][]>[
    ['Insulin on board', '1.85 U'],
    ['Carbs on board', '18 g'],
    ['Temp basal', '1.2 U/h'],
    ['Pump', '87.5 U left'],
    ['Phone battery', '81%'],
    ['Profile', 'Sport at 120%'],
  ])
    await expect(
      loop.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]'),
    ).toContainText(value);

  await page.goto('/dashboard/devices');
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

test('connects Dexcom Share: a refused password says so, the right one brings the day’s readings', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(120_000); // the My Devices tab's lazy cards and two pulls, on a shared two-core machine
  await signInAs(await newAccount('devices-dexcom', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/devices');
  await page.getByRole('tab', { name: /My Devices/ }).click();
  const card = page.locator('#dexcom-share');
  await expect(
    card.getByText('Share must be turned on in the Dexcom app, with at least one follower.'),
  ).toBeVisible();

  await card.getByLabel('Dexcom user name, email or phone number').fill(DEXCOM_ACCOUNT.accountName);
  await card.getByLabel('Password').fill('not-my-password');
  await card.getByLabel('Where your Dexcom account is').selectOption('United States');
  await card.getByRole('button', { name: 'Connect and pull' }).click();
  await expect(card.getByRole('alert')).toHaveText(/Dexcom refused the password — check it\./);
  await expectNoAxeViolations(page);

  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByLabel('Dexcom user name, email or phone number')).toHaveValue(
    DEXCOM_ACCOUNT.accountName,
  );
  await card.getByLabel('Password').fill(DEXCOM_ACCOUNT.password);
  await card.getByRole('button', { name: 'Connect and pull' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Last reading .+ ago\.$/);
  await expect(card.locator('dd', { hasText: /^288$/ })).toBeVisible(); // new readings: the day Dexcom keeps
  await expect(page.getByRole('tab', { name: /My Devices/ })).toContainText('1');

  await card.getByRole('button', { name: 'Pull now' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Last reading .+ ago\.$/);

  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByRole('button', { name: 'Connect and pull' })).toBeVisible();
});

test('connects LibreLinkUp following two people: asks whose readings, then pulls that person’s', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(120_000); // the My Devices tab's lazy cards and a pull, on a shared two-core machine
  await signInAs(await newAccount('devices-libre', { type: 'diabetes_focused' }));
  await page.goto('/dashboard/devices');
  await page.getByRole('tab', { name: /My Devices/ }).click();
  const card = page.locator('#librelinkup');
  await card.getByLabel('LibreLinkUp email').fill(LIBRE_ACCOUNT.email);
  await card.getByLabel('Password').fill(LIBRE_ACCOUNT.password);
  await card.getByRole('button', { name: 'Connect and pull' }).click();

  const choice = card.getByRole('group', { name: 'Which person’s readings?' });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(choice.getByRole('radio', { name: 'Sam E.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Connect this person' }).click();
  await expect(choice.getByRole('alert')).toHaveText('Choose whose readings to add');
  await choice.getByRole('radio', { name: 'Robin S.' }).check();
  await card.getByRole('button', { name: 'Connect this person' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Last reading .+ ago\.$/);
  await expect(card.locator('dd', { hasText: /^49$/ })).toBeVisible(); // new readings: the 12 hours kept
  await expect(card.locator('dt', { hasText: 'Whose readings' }).locator('+ dd')).toHaveText('Robin S.');

  // A new password keeps the person chosen: no second question.
  await card.getByRole('button', { name: 'Change password' }).click();
  await card.getByLabel('Password').fill(LIBRE_ACCOUNT.password);
  await card.getByRole('button', { name: 'Connect and pull' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Last reading .+ ago\.$/);
  await expect(card.getByRole('group', { name: 'Which person’s readings?' })).toHaveCount(0);
  await expect(card.locator('dt', { hasText: 'Whose readings' }).locator('+ dd')).toHaveText('Robin S.');
});
