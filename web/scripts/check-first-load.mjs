/**
 * DESIGN §9: the JavaScript a first visit to each route runs, gzipped, stays within 170 KB. Reads the
 * built app's Vite manifest (no browser): the entry's chunks plus the lazy route modules the router
 * loads for that address at once (web/scripts/first-load.mjs), each file counted once.
 * Exit 1 when a route is over budget, or when a module the router loads lazily (web/src/app/router.tsx
 * and each feature's *-routes.ts) is missing from the table, so no route goes unweighed.
 * bench/web-budget.bench.ts measures the same in Chromium.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

// Every module the router imports lazily must be in some route's first load.
const web = new URL('..', import.meta.url).pathname;
const featuresDir = join(web, 'src', 'features');
const routeFiles = [
  join(web, 'src', 'app', 'router.tsx'),
  ...readdirSync(featuresDir, { recursive: true })
    .filter((f) => /-routes\.tsx?$/.test(f))
    .map((f) => join(featuresDir, f)),
];
const withExtension = (base) => [`${base}.tsx`, `${base}.ts`].find((f) => existsSync(join(web, f))) ?? base;
const listed = new Set(Object.values(FIRST_LOAD).flat());
const unweighed = [];
for (const file of routeFiles) {
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
    const base = spec.startsWith('@/') ? `src/${spec.slice(2)}` : relative(web, join(dirname(file), spec));
    const module = withExtension(base);
    if (!listed.has(module)) unweighed.push(`${module} (imported by ${relative(web, file)})`);
  }
}
if (unweighed.length > 0) {
  console.error(`✗ Route modules missing from web/scripts/first-load.mjs:\n  ${unweighed.join('\n  ')}`);
  process.exit(1);
}

let over = 0;
console.info(`First-load JavaScript per route (gzip), budget ${BUDGET_KB} KB`);
for (const [route, modules] of Object.entries(FIRST_LOAD)) {
  const files = chunkClosure(manifest, ['index.html', ...modules]).filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, f) => sum + weigh(f), 0) / 1024;
  const ok = kb <= BUDGET_KB;
  if (!ok) over++;
  console.info(
    `  ${route.padEnd(44)} ${kb.toFixed(1).padStart(6)} KB in ${files.length} files  ${ok ? 'ok' : 'OVER'}`,
  );
}
if (over > 0) {
  console.error(`✗ ${over} route(s) load more than ${BUDGET_KB} KB of JavaScript first.`);
  process.exit(1);
}
