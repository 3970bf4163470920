/**
 * DESIGN §9: the JavaScript a first visit to each route runs, gzipped, stays within 170 KB. Reads the
 * built app's Vite manifest (no browser): the entry's chunks plus the lazy route modules the router
 * loads for that address at once (web/scripts/first-load.mjs), each file counted once.
 * Exit 1 when a route is over budget. bench/web-budget.bench.ts measures the same in Chromium.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkClosure, FIRST_LOAD } from './first-load.mjs';

export const BUDGET_KB = 170;
const dist = new URL('../dist', import.meta.url).pathname;
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error('✗ web/dist has no Vite manifest: build the web app first (npm run build -w web).');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const gzipped = new Map();
const weigh = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

let over = 0;
console.info(`First-load JavaScript per route (gzip), budget ${BUDGET_KB} KB`);
for (const [route, modules] of Object.entries(FIRST_LOAD)) {
  const files = chunkClosure(manifest, ['index.html', ...modules]).filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, f) => sum + weigh(f), 0) / 1024;
  const ok = kb <= BUDGET_KB;
  if (!ok) over++;
  console.info(
    `  ${route.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB in ${files.length} files  ${ok ? 'ok' : 'OVER'}`,
  );
}
if (over > 0) {
  console.error(`✗ ${over} route(s) load more than ${BUDGET_KB} KB of JavaScript first.`);
  process.exit(1);
}
