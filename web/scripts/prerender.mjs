/**
 * After `vite build`: writes the landing page and the sign-in page as finished HTML (rendered with
 * react-dom/server from the same routes the client hydrates), inlines the stylesheet into every HTML
 * page so nothing blocks the first paint, and records the SHA-256 of each inline style the app uses
 * so the server's CSP can allow exactly those without 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { chunkClosure, FIRST_LOAD } from './first-load.mjs';

const webRoot = new URL('..', import.meta.url).pathname;
const dist = join(webRoot, 'dist');
const ssrOut = join(webRoot, 'node_modules', '.prerender');

/** Routes written as HTML; titles match what each page sets once running (useDocumentTitle). */
const PAGES = [
  { path: '/', file: 'prerendered/index.html', title: 'Healthfolio — Personal Health Records' },
  { path: '/auth', file: 'prerendered/auth.html', title: 'Healthfolio — Sign In' },
];

/**
 * Style attributes in the HTML are refused by the CSP, and React does not set them again when it
 * hydrates. These few are left out of the HTML because web/src/index.css gives the same result;
 * any other fails the build.
 */
// Radix's roving-focus tab list; its tab panel's first-mount animation guard (no panel animates).
const REPRODUCED_IN_CSS = new Set(['outline:none', 'animation-duration:0s']);

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** sonner adds its stylesheet as a <style> element when it loads: catch the exact text it adds. */
const sonnerCss = async () => {
  let css = '';
  const node = { appendChild: (text) => (css += text.data), set type(_) {} };
  globalThis.document = {
    head: { appendChild: () => {} },
    createElement: () => node,
    createTextNode: (data) => ({ data }),
  };
  try {
    await import(`sonner?capture=${Date.now()}`).catch(() => import('sonner'));
  } finally {
    delete globalThis.document;
  }
  if (!css.includes('[data-sonner-toaster]')) throw new Error('Could not read the stylesheet sonner injects');
  return css;
};

const renderer = async () => {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender/entry-prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
  });
  return import(pathToFileURL(join(ssrOut, 'entry-prerender.js')).href);
};

const main = async () => {
  // React and react-dom/server must load as the same build; Vite's build switches to production.
  process.env.NODE_ENV = 'production';
  const toastCss = await sonnerCss();
  const { renderRoute, renderDashboardSkeleton, SHELL_DATA, HOME_DATA } = await renderer();
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  let shell = readFileSync(join(dist, 'index.html'), 'utf8');

  const link = shell.match(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/);
  if (!link) throw new Error('dist/index.html links no stylesheet');
  const css = readFileSync(join(dist, link[1]), 'utf8');
  // Vite's loader of lazy chunks adds a chunk's stylesheet unless the page has a stylesheet link to
  // it: without this disabled one (disabled links are not fetched) every lazy route fetched the whole
  // inlined stylesheet again and the browser recalculated every style on the page.
  const marker = link[0].replace('<link ', '<link disabled ');
  shell = shell.replace(link[0], () => `<style>${css}</style>${marker}`);
  writeFileSync(join(dist, 'index.html'), shell);

  const entry = new Set(chunkClosure(manifest, ['index.html']));
  // The route's own code starts downloading with the entry instead of after it.
  const preloadsFor = (path) =>
    chunkClosure(manifest, FIRST_LOAD[path])
      .filter((file) => !entry.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  rmSync(join(dist, 'prerendered'), { recursive: true, force: true });
  mkdirSync(join(dist, 'prerendered'));
  for (const page of PAGES) {
    const html = (await renderRoute(page.path)).replace(/\sstyle="([^"]*)"/g, (attr, value) =>
      REPRODUCED_IN_CSS.has(value) ? '' : attr,
    );
    const preloads = preloadsFor(page.path);
    const out = shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
      .replace('<style>', () => `${preloads}<style>`)
      .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${html}</div>`);
    for (const [tag, value] of html.matchAll(/<[^>]*\sstyle="([^"]*)"[^>]*>/g)) {
      if (!REPRODUCED_IN_CSS.has(value))
        throw new Error(`${page.path} has a style attribute, which the CSP blocks: ${tag}`);
    }
    writeFileSync(join(dist, page.file), out);
  }

  // sonner appends its <style> empty, then fills it: the browser checks both states.
  // /dashboard addresses: the frame paints at once; the client (createRoot, no hydration) replaces it
  // with the same frame, then the real one, while the dashboard's code is already downloading.
  // The home preloads its own screen too; any other dashboard address only the layout's code.
  const skeleton = renderDashboardSkeleton();
  // What the dashboard asks first (web/src/prerender/data-preloads.ts), requested by the frame itself
  // so the answers arrive while the code downloads: fetched the way api() fetches them (cors mode,
  // credentials included), so the browser hands the preloaded answer to that fetch.
  const dataPreloads = (paths) =>
    paths
      .map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`)
      .join('');
  for (const [file, path, data] of [
    ['dashboard.html', '/dashboard', [...SHELL_DATA, ...HOME_DATA]],
    ['dashboard-other.html', '/dashboard/*', SHELL_DATA],
  ]) {
    writeFileSync(
      join(dist, 'prerendered', file),
      shell
        .replace('<style>', () => `${dataPreloads(data)}${preloadsFor(path)}<style>`)
        .replace('<div id="root"></div>', () => `<div id="root">${skeleton}</div>`),
    );
  }

  const hashes = { style: [sha256(css), sha256(toastCss), sha256('')] };
  writeFileSync(join(dist, 'csp-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  rmSync(ssrOut, { recursive: true, force: true });
  console.info(`prerendered ${PAGES.map((p) => p.path).join(', ')}; ${css.length} bytes of CSS inlined`);
};

await main();
