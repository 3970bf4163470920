import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Specs that change what every user of the server sees (maintenance mode, the admin's platform-wide
 * totals): they run after all the others have finished, alone.
 */
const ALONE = ['admin/admin-console.spec.ts'];

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  // Two spec files at a time, one per worker; a file's tests run in order in one worker. Specs share
  // accounts per worker (support/fixtures.ts) and make fresh ones for what they change.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Two browser tests (a follower spec, the offline dose calculator) have each hung once in CI on a
  // loaded machine and passed alone, with nothing in the test timeout's report to say at which step.
  // In CI a failed test runs once more and the list reporter marks it "flaky", so a one-off does not
  // stop main while it stays visible; locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: '../.tmp/e2e-results',
  use: {
    // A click or fill waits for its element at most this long, a navigation for its load: a stuck step
    // fails there, by its line, rather than as the whole test's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // The app's service worker (offline shell, alerts) is specs/pwa's subject; elsewhere it would
    // precache the whole app in every fresh context and answer requests page.route() should see.
    serviceWorkers: 'block',
    // A trace snapshots the page at every step, whether the test fails or not: locally only (CI keeps
    // the screenshot and the error context; rerun a failure here with --trace on).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // Dialogs, menus and toasts appear at once (the app honours the setting): no waiting on fades.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      // Debian's chromium as root, with no network beyond loopback.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: ALONE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      // A teardown project runs once this one has finished, whether it passed or not.
      teardown: 'desktop-alone',
    },
    {
      name: 'desktop-alone',
      testMatch: ALONE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
