/**
 * Lighthouse (DESIGN §9): the performance score, mobile (Lighthouse's default form factor and its
 * simulated throttling), of the landing page, the sign-in page and the signed-in dashboard, against 90.
 * Each route runs BENCH_LIGHTHOUSE_RUNS times (default 3) and the median score counts, as Lighthouse
 * advises for variable machines.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startAppServer } from './lib/app-server';
import { openBenchPglite } from './lib/databases';

const TARGET = 90;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// `BENCH_LIGHTHOUSE_ROUTES=/dashboard` to measure fewer.
const JSON_DIR = process.env.BENCH_LIGHTHOUSE_JSON_DIR;
const ROUTES = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(',') ?? ['/', '/auth', '/dashboard'];
// Audit, label, unit, and DESIGN §9's limit where it sets one (Core Web Vitals "good").
const METRICS: [audit: string, label: string, unit: 's' | 'ms' | '', limit?: number][] = [
  ['first-contentful-paint', 'FCP', 's'],
  ['largest-contentful-paint', 'LCP', 's', 2.5],
  ['total-blocking-time', 'TBT', 'ms', 200],
  ['cumulative-layout-shift', 'CLS', '', 0.1],
];

const shown = (unit: string, value: number) =>
  unit === 's'
    ? `${(value / 1000).toFixed(2)} s`
    : unit === 'ms'
      ? `${Math.round(value)} ms`
      : value.toFixed(3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const main = async () => {
  if (!existsSync(new URL('../web/dist/index.html', import.meta.url))) {
    throw new Error('Build the web app first: npm run build -w web');
  }
  const bench = await openBenchPglite();
  const app = await startAppServer(bench.db);
  const origin = new URL(app.url).origin;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let failures = 0;
  try {
    console.info(`Lighthouse performance (mobile), median of ${RUNS}, target ≥${TARGET}`);
    for (const route of ROUTES) {
      const scores: number[] = [];
      const values = new Map<string, number[]>(METRICS.map(([audit]) => [audit, []]));
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(origin + route, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
          // The dashboard is behind sign-in: the bench user's session cookie rides on every request.
          extraHeaders: route.startsWith('/dashboard') ? { cookie: app.cookie } : undefined,
        });
        const lhr = result?.lhr;
        // BENCH_LIGHTHOUSE_JSON_DIR keeps each run's full report (LCP element and phases, requests, tasks).
        if (lhr && JSON_DIR)
          writeFileSync(join(JSON_DIR, `${route.replace(/\W+/g, '_')}-${run}.json`), JSON.stringify(lhr));
        if (!lhr || lhr.runtimeError) {
          failures++;
          console.error(`  ${route}: ${lhr?.runtimeError?.message ?? 'no result'}`);
          continue;
        }
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== route) {
          failures++;
          console.error(`  ${route}: ended on ${lhr.finalDisplayedUrl}, not the route measured`);
          continue;
        }
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        for (const [audit] of METRICS) {
          const value = lhr.audits[audit]?.numericValue;
          if (value !== undefined) values.get(audit)!.push(value);
        }
      }
      if (scores.length === 0) continue;
      const score = median(scores);
      console.info(
        `  ${route.padEnd(12)} ${String(score).padStart(3)}  (runs ${scores.join(', ')})  ${score >= TARGET ? 'met' : 'NOT met'}`,
      );
      const medians = METRICS.map(([audit, label, unit, limit]) => {
        const runs = values.get(audit)!;
        if (runs.length === 0) return `${label} ?`;
        const value = median(runs);
        const scaled = unit === 's' ? value / 1000 : value;
        return `${label} ${shown(unit, value)}${limit === undefined ? '' : scaled <= limit ? ' ✓' : ` ✗ (≤${limit})`}`;
      });
      console.info(`               medians: ${medians.join(', ')}`);
    }
  } finally {
    chrome.kill();
    await app.close();
    await bench.close();
  }
  if (failures > 0) process.exitCode = 1;
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
