/**
 * Web budget (DESIGN §9): the JavaScript a first visit to a route downloads, gzipped, against 170 KB.
 * Loads the built app in Debian's Chromium and sums every script the page fetched until the network
 * went idle (lazy chunks a route pulls in on load count; chunks loaded later on interaction do not).
 * `npm test` checks the same budget from the Vite manifest, without a browser
 * (web/scripts/check-first-load.mjs); the two should agree.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startAppServer } from './lib/app-server';
import { openBenchPglite } from './lib/databases';

const BUDGET_KB = 170;
const ROUTES = ['/', '/auth', '/dashboard', '/dashboard/log-data', '/dashboard/track-data'];

const main = async () => {
  if (!existsSync(new URL('../web/dist/index.html', import.meta.url))) {
    throw new Error('Build the web app first: npm run build -w web');
  }
  const bench = await openBenchPglite();
  const app = await startAppServer(bench.db);
  const origin = new URL(app.url).origin;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    console.info(`Initial JavaScript per route (gzip), budget ${BUDGET_KB} KB`);
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      if (route.startsWith('/dashboard')) {
        const cookies = app.cookie.split('; ').map((pair) => {
          const [name, ...rest] = pair.split('=');
          return { name: name!, value: rest.join('='), url: origin };
        });
        await context.addCookies(cookies);
      }
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        const body = await res.body().catch(() => undefined);
        if (body) scripts.set(res.url(), gzipSync(body, { level: 9 }).length);
      });
      await page.goto(origin + route, { waitUntil: 'networkidle' });
      if (process.env.BENCH_VERBOSE)
        for (const [u, n] of [...scripts].sort((a, b) => b[1] - a[1]))
          console.info(`      ${(n / 1024).toFixed(1)} KB ${u.split('/').pop()}`);
      const kb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
      const verdict = kb <= BUDGET_KB ? 'within' : 'OVER';
      console.info(
        `  ${route.padEnd(26)} ${kb.toFixed(1).padStart(7)} KB in ${scripts.size} files   ${verdict} budget`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await bench.close();
  }
};

await main();
