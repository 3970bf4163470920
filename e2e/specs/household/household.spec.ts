import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  mailedLink,
  PASSWORD,
  PHONE,
  test,
  uniqueEmail,
} from '../../support/fixtures';
import { logFromTile, TRACKING_BROWSER, toast } from '../trackers/tracking';

test.use(TRACKING_BROWSER);

/** A first check after a page load: a loaded machine delays the API. */
const LOADED = { timeout: 30_000 };

const yearsAgo = (years: number) => {
  const d = new Date(Date.now() - years * 365.25 * 86_400_000);
  return d.toISOString().slice(0, 10);
};

const readings = (page: Page) => page.getByRole('list', { name: 'Blood glucose readings' });

/** The person switcher of the header: opens its menu and chooses someone. */
const actFor = async (page: Page, from: string, to: string) => {
  await page.getByRole('button', { name: `${from}: switch person` }).click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${to}`) }).click();
};

const household = (page: Page) => page.getByRole('region', { name: 'Mia' });

/**
 * Issue 32, the whole journey: a parent adds Mia and logs a reading for her, a second parent accepts
 * an emailed invitation and sees it, a low of Mia's alerts both parents live, and the handover gives
 * Mia her own sign-in with her history.
 */
test('a parent keeps Mia’s record, shares it with a second parent, and hands it over to Mia', async ({
  page,
  browser,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(300_000);
  const parent = await newAccount('hh-parent', { type: 'general_health', name: 'Pat Parent' });
  await signInAs(parent);

  await test.step('Settings → Household: add Mia, with errors shown by field', async () => {
    await page.goto('/dashboard/settings');
    const card = page.getByRole('heading', { name: 'Household', level: 2 }).locator('xpath=../..');
    await expect(card.getByText('You do not keep anyone else’s record yet.')).toBeVisible(LOADED);
    // No wards: no switcher in the header.
    await expect(page.getByRole('button', { name: /switch person/ })).toHaveCount(0);
    await card.getByRole('button', { name: 'Add a person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a person' });
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Mia');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Date of birth (optional)').fill(tomorrow);
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await expect(dialog.getByText('Cannot be in the future')).toBeVisible();
    await dialog.getByLabel('Date of birth (optional)').fill(yearsAgo(9));
    await dialog.getByLabel('Platform').selectOption({ label: 'Diabetes-Focused' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await expect(toast(page, 'Person added')).toBeVisible();
    const mia = household(page);
    // The only guardian cannot be removed, and the page says why.
    await expect(mia.getByRole('button', { name: 'Remove Pat Parent' })).toBeDisabled();
    await expect(mia.getByText('Mia needs at least one guardian.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('acting for Mia: the band, her titles, and a reading logged for her', async () => {
    await actFor(page, 'Pat Parent', 'Mia');
    await expect(page.getByText('Acting for Mia')).toBeVisible(LOADED);
    await page.goto('/dashboard');
    // Mia's own platform (diabetes), named as hers.
    await expect(
      page.getByRole('heading', { name: 'Mia’s Smart Diabetes Management', level: 1 }),
    ).toBeVisible(LOADED);
    // Its sentences speak of her figures, not the parent's.
    await expect(page.getByText('Mia’s glucose at a glance, in mg/dL.')).toBeVisible();
    const dialog = await logFromTile(page, 'Blood Glucose');
    await dialog.getByLabel('Blood glucose (mg/dL)').fill('112');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // A reload keeps the tab on Mia (the choice is per tab) and shows nothing of the parent's.
    await page.goto('/dashboard/trackers/blood-glucose');
    await expect(page.getByRole('heading', { name: 'Mia’s Blood Glucose', level: 1 })).toBeVisible(LOADED);
    await expect(readings(page).getByRole('listitem').first()).toContainText('112 mg/dL', LOADED);
    await page.reload();
    await expect(readings(page).getByRole('listitem').first()).toContainText('112 mg/dL', LOADED);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back to your own record' }).click();
    await expect(page.getByRole('heading', { name: 'Blood Glucose', level: 1, exact: true })).toBeVisible();
    await expect(page.getByText('Acting for Mia')).toHaveCount(0);
    await expect(page.getByText('112 mg/dL')).toHaveCount(0);
  });

  const second = await newAccount('hh-second', { type: 'general_health', name: 'Sam Second' });
  await test.step('a second parent is invited, signs in from the email and accepts', async () => {
    await page.goto('/dashboard/settings');
    await household(page).getByRole('button', { name: 'Invite a guardian' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a guardian for Mia' });
    await dialog.getByLabel('Email address').fill(second.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Invitation sent')).toBeVisible();
    await expect(household(page).getByText(second.email, { exact: true })).toBeVisible();

    const link = await mailedLink(second.email, /invited you to look after Mia/);
    const other = await (await browser.newContext(TRACKING_BROWSER)).newPage();
    await other.goto(link);
    await expect(
      other.getByRole('heading', { name: 'Keep Mia’s health record with Pat Parent' }),
    ).toBeVisible(LOADED);
    await expectNoAxeViolations(other);
    // Signing in keeps the invitation: the sign-in page returns to it.
    await other.getByRole('button', { name: 'Sign in to accept' }).click();
    await other.getByLabel('Email').fill(second.email);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign In', exact: true }).click();
    await other.getByRole('button', { name: 'Accept', exact: true }).click(LOADED);
    await expect(other.getByText('Acting for Mia')).toBeVisible(LOADED);
    await other.goto('/dashboard/trackers/blood-glucose');
    await expect(readings(other).getByRole('listitem').first()).toContainText('112 mg/dL', LOADED);
    await other.goto('/dashboard');
    await expect(other.getByRole('heading', { name: 'Mia’s Smart Diabetes Management' })).toBeVisible(LOADED);

    await test.step('a low of Mia’s alerts both parents, naming her', async () => {
      // The first parent is on their own record: the alert still reaches them, with Mia's name.
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Health Dashboard', level: 1 })).toBeVisible(LOADED);
      // Both pages listen before the low is logged: an event sent before that is in the lists, not a toast.
      for (const p of [page, other]) await expect(p.locator('html[data-live="on"]')).toBeAttached(LOADED);
      const household = await page.request.get('/api/v1/household');
      const miaId = (
        (await household.json()) as { people: { id: string; displayName: string }[] }
      ).people.find((p) => p.displayName === 'Mia')?.id;
      const low = await page.request.post('/api/v1/entries', {
        headers: { Origin: process.env.E2E_BASE_URL ?? '', 'X-Healthfolio-Person': miaId ?? '' },
        data: {
          tracker: 'blood-glucose',
          // Newer than the 112 logged above, whenever that was: the low is the latest reading.
          occurredAt: new Date(Date.now() - 1_000).toISOString(),
          data: { glucose: 62 },
        },
      });
      expect(low.status(), await low.text()).toBe(201);
      // The server's alert names her ("Mia's glucose is low"); the toast keeps that title.
      const alert = (p: Page) =>
        p.locator('[data-sonner-toast]').filter({ hasText: /Mia's glucose is .*low/ });
      await expect(alert(page)).toBeVisible(LOADED);
      await expect(alert(other)).toBeVisible(LOADED);
    });

    await test.step('on a phone: the person and the band stay in sight', async () => {
      await other.setViewportSize(PHONE);
      await expect(other.getByRole('button', { name: 'Mia: switch person' })).toBeVisible();
      await expect(other.getByText('Acting for Mia')).toBeVisible();
      await other.getByRole('button', { name: 'Mia: switch person' }).click();
      await expect(other.getByRole('menuitemradio', { name: 'Sam Second (you)' })).toBeVisible();
      await expectNoAxeViolations(other);
      await other.keyboard.press('Escape');
    });
    await other.context().close();
  });

  await test.step('handover: Mia chooses a password and sees her own history', async () => {
    await page.goto('/dashboard/settings');
    await expect(household(page).getByRole('button', { name: 'Remove Sam Second' })).toBeEnabled(LOADED);
    await household(page).getByRole('button', { name: 'Hand over Mia’s record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand over Mia’s record' });
    await expect(dialog).toContainText('no longer see it, unless Mia gives you caregiver access');
    const miaEmail = uniqueEmail('hh-mia');
    await dialog.getByLabel('Email address').fill(miaEmail);
    await dialog.getByRole('button', { name: 'Send handover invitation' }).click();
    await expect(toast(page, 'Invitation sent')).toBeVisible();

    const mia = await (await browser.newContext(TRACKING_BROWSER)).newPage();
    await mia.goto(await mailedLink(miaEmail, /handing your health record over/));
    await expect(mia.getByRole('heading', { name: 'Your health record is yours to keep' })).toBeVisible(
      LOADED,
    );
    await mia.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await mia.getByLabel('Confirm password').fill(PASSWORD);
    await mia.getByRole('button', { name: 'Take over my record' }).click();
    await expect(mia).toHaveURL(/\/dashboard$/, LOADED);
    await expect(mia.getByRole('heading', { name: 'Smart Diabetes Management', level: 1 })).toBeVisible(
      LOADED,
    );
    await expect(mia.getByText(/Acting for/)).toHaveCount(0);
    await mia.goto('/dashboard/trackers/blood-glucose');
    await expect(readings(mia).getByRole('listitem').filter({ hasText: '112 mg/dL' })).toHaveCount(1, LOADED);
    await expect(readings(mia).getByRole('listitem').filter({ hasText: '62 mg/dL' })).toHaveCount(1);
    await mia.context().close();

    // The parent no longer keeps Mia's record: no switcher, no Mia in Settings.
    await page.goto('/dashboard/settings');
    await expect(page.getByText('You do not keep anyone else’s record yet.')).toBeVisible(LOADED);
    await expect(page.getByRole('button', { name: /switch person/ })).toHaveCount(0);
  });
});

/** Issue 32: one read-only address that shows the latest reading of the people a guardian chooses. */
test('a parent gives Grandma a follower app for Mia only, then removes it', async ({
  page,
  newAccount,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs(await newAccount('hh-follow', { type: 'general_health', name: 'Pat Follow' }));
  const added = await page.request.post('/api/v1/household/people', {
    data: { displayName: 'Mia', platformMode: 'diabetes_focused', glucoseUnit: 'mg/dL' },
  });
  expect(added.status()).toBe(201);
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Follower apps' });
  await expect(section.getByText('No follower apps yet.')).toBeVisible(LOADED);
  await section.getByLabel('Who is following').fill('Grandma’s phone');
  const whose = section.getByRole('group', { name: 'Whose readings' });
  await expect(whose.getByRole('checkbox', { name: 'Everyone, and people you add later' })).toBeChecked();
  await whose.getByRole('checkbox', { name: 'Mia' }).check();
  await expect(whose.getByRole('checkbox', { name: 'Everyone, and people you add later' })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Add follower' }).click();
  await expect(section.getByRole('status')).toContainText(
    '“Grandma’s phone” can now see the latest reading of Mia',
  );
  const token = await section.getByLabel('Token', { exact: true }).inputValue();
  const follow = () =>
    page.request.get('/api/v1/household/follow', { headers: { authorization: `Bearer ${token}` } });
  const read = await follow();
  expect(read.status()).toBe(200);
  expect(
    ((await read.json()) as { people: { displayName: string }[] }).people.map((p) => p.displayName),
  ).toEqual(['Mia']);
  const listed = section.getByRole('list', { name: 'Follower apps' });
  await expect(listed.getByRole('listitem')).toContainText('Mia');

  await listed.getByRole('button', { name: 'Remove Grandma’s phone' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('No follower apps yet.')).toBeVisible();
  expect((await follow()).status()).toBe(401);
});
