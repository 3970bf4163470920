import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { installabilityProblems } from '../../support/installability';

test.use({ locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' });

/** Waits until the service worker runs this page (it takes charge of the first page at once). */
const serviceWorker = async (page: Page, context: BrowserContext): Promise<Worker> => {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  return worker;
};

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test('installable: Lighthouse’s installability checks pass, and the service worker keeps no API answer', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('pwa-install', { type: 'general_health' }));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await serviceWorker(page, context);
  // Lighthouse's installability checks (support/installability.ts), once, on the start page.
  expect(await installabilityProblems(page, context)).toEqual([]);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    start_url: '/dashboard',
    display: 'standalone',
    short_name: 'Healthfolio',
  });
  expect(manifest.shortcuts.map((s: { name: string }) => s.name)).toEqual(['Log Glucose', 'Log Data']);
  expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));

  // Screens that read health data have run; the caches hold the shell and files, never an answer.
  await page.goto('/dashboard/track-data');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((p) => /^\/(api|ns)\//.test(p))).toEqual([]);
});

test('entries logged offline are kept, can be discarded, and arrive once when the connection returns', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  await signInAs(await newAccount('pwa-offline', { type: 'general_health' }));
  await page.goto('/dashboard/log-data');
  const tiles = page.getByRole('region', { name: 'What would you like to log?' });
  await expect(tiles).toBeVisible();
  await serviceWorker(page, context);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  for (const weight of ['71.2', '99.9']) {
    await tiles.getByRole('button', { name: 'Weight', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Weight' });
    await dialog.getByLabel('Weight', { exact: true }).fill(weight);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(toast(page, 'Weight kept on this device').first()).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Entries waiting to be sent' });
  await expect(waiting).toContainText('2 entries waiting to be sent');
  // The second was a mistake: discarded, it is never sent.
  await waiting
    .getByRole('button', { name: /^Discard Weight/ })
    .last()
    .click();
  await expect(waiting).toContainText('1 entry waiting to be sent');

  await context.setOffline(false);
  await expect(toast(page, 'Back online')).toContainText('1 entry sent.');
  await expect(waiting).toBeHidden();
  const { items } = await (await page.request.get('/api/v1/entries?tracker=weight')).json();
  expect(items.map((e: { data: { weight: number } }) => e.data.weight)).toEqual([71.2]);
});

test('Settings: alerts on this device, a test that arrives, shown and opened by the service worker', async ({
  page,
  context,
  newAccount,
  signInAs,
}) => {
  // Headless Chromium reaches no push service: the page subscribes with the loopback service's device.
  const subscription = JSON.parse(process.env.E2E_PUSH_SUBSCRIPTION ?? '{}');
  await context.grantPermissions(['notifications']);
  await page.addInitScript((sub) => {
    let on = localStorage.getItem('e2e-push') === 'on';
    const fake = {
      endpoint: sub.endpoint,
      toJSON: () => sub,
      unsubscribe: async () => {
        on = false;
        localStorage.removeItem('e2e-push');
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      on = true;
      localStorage.setItem('e2e-push', 'on');
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => (on ? (fake as unknown as PushSubscription) : null);
  }, subscription);
  await signInAs(await newAccount('pwa-alerts', { type: 'general_health' }));
  await page.goto('/dashboard/settings');
  const worker = await serviceWorker(page, context);
  const card = page.getByRole('region', { name: 'Alerts on this device' });
  await card.getByRole('button', { name: 'Turn on alerts on this device' }).click();
  await expect(card).toContainText('Alerts are on for this device');
  await expect(card.getByRole('checkbox', { name: 'Medication reminders' })).toBeChecked();

  const before = (await (await fetch(`${process.env.E2E_PUSH_URL}/received`)).json()).length;
  await card.getByRole('button', { name: 'Send a test' }).click();
  await expect(toast(page, 'Test sent')).toBeVisible();
  const received = async () =>
    (await (await fetch(`${process.env.E2E_PUSH_URL}/received`)).json()).slice(before);
  await expect.poll(async () => (await received()).length).toBe(1);
  const [payload] = await received();
  expect(payload).toMatchObject({ title: 'Healthfolio', body: 'Alerts reach this device.' });

  // What the push service would hand the browser: the worker shows it; a tap opens its page. (The
  // worker's window calls are recorded rather than made: a navigation started by a synthetic click
  // leaves the page waiting on a worker the test runner holds.)
  await worker.evaluate((data) => {
    const g = self as unknown as {
      PushEvent: new (t: string, i: object) => Event;
      dispatchEvent(e: Event): boolean;
      clients: object;
      opened: string[];
    };
    g.opened = [];
    const clients = Object.getPrototypeOf(g.clients);
    clients.matchAll = async () => [];
    clients.openWindow = async (url: string) => void g.opened.push(url);
    g.dispatchEvent(new g.PushEvent('push', { data: JSON.stringify(data) }));
  }, payload);
  const titles = () =>
    worker.evaluate(async () => {
      const reg = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
      return (await reg.getNotifications()).map((n) => `${n.title}: ${n.body}`);
    });
  await expect.poll(titles).toEqual(['Healthfolio: Alerts reach this device.']);
  await worker.evaluate(async () => {
    const g = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (t: string, i: object) => Event;
      dispatchEvent(e: Event): boolean;
    };
    const [notification] = await g.registration.getNotifications();
    g.dispatchEvent(new g.NotificationEvent('notificationclick', { notification }));
  });
  const opened = () => worker.evaluate(() => (self as unknown as { opened: string[] }).opened);
  await expect.poll(opened).toEqual([`${process.env.E2E_BASE_URL}/dashboard/settings`]);
  await expect.poll(titles).toEqual([]);

  // Quiet hours on this device, kept in its own time zone.
  await card.getByRole('checkbox', { name: /Hold back glucose alarms/ }).check();
  await card.getByLabel('From').fill('22:30');
  await card.getByLabel('Until').fill('06:45');
  await card.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(toast(page, 'Quiet hours saved')).toBeVisible();
  const [device] = (await (await page.request.get('/api/v1/push/subscriptions')).json()).items;
  expect(device.quietHours).toMatchObject({ start: '22:30', end: '06:45' });

  await card.getByRole('button', { name: 'Turn off alerts on this device' }).click();
  await expect(card).toContainText('Alerts are off on this device.');
  expect((await (await page.request.get('/api/v1/push/subscriptions')).json()).items).toEqual([]);
});
