import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';

/**
 * Pages the web build rendered to HTML (web/scripts/prerender.mjs): they paint before any script
 * runs, then the client hydrates them. Only the bare address is prerendered; with a query string
 * (`/auth?tab=signup`) the page depends on it, so the plain app shell answers instead.
 */
const PRERENDERED: Record<string, string> = {
  '/': 'prerendered/index.html',
  '/auth': 'prerendered/auth.html',
};

/**
 * The SHA-256 sources of the inline styles the built app uses (its inlined stylesheet, sonner's
 * injected one), written by the web build, for the CSP's style-src. None when the app is not built.
 */
export const webStyleHashes = (webDist: string): string[] => {
  const file = join(webDist, 'csp-hashes.json');
  if (!existsSync(file)) return [];
  const { style } = JSON.parse(readFileSync(file, 'utf8')) as { style?: unknown };
  return Array.isArray(style) ? style.filter((h): h is string => /^'sha256-[A-Za-z0-9+/=]+'$/.test(h)) : [];
};

const readPages = (webDist: string) => {
  const pages = new Map<string, string>();
  for (const [path, file] of Object.entries(PRERENDERED)) {
    const full = join(webDist, file);
    if (existsSync(full)) pages.set(path, readFileSync(full, 'utf8'));
  }
  return pages;
};

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, the
 * prerendered pages at their addresses, and any other non-API path the router does not know
 * answered with index.html so client routes survive a reload.
 */
export const mountWebApp = (app: OpenAPIHono, webDist: string) => {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).', 503),
    );
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const pages = readPages(webDist);
  // The dashboard's placeholder frame: the home's preloads its screen's code, the others' only the layout's.
  const frame = (file: string) => {
    const full = join(webDist, 'prerendered', file);
    return existsSync(full) ? readFileSync(full, 'utf8') : indexHtml;
  };
  const dashboardHome = frame('dashboard.html');
  const dashboardOther = frame('dashboard-other.html');
  // Headers set before serveStatic builds its response (it ignores ones set afterwards).
  app.use('/assets/*', async (c, next) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    await next();
  });
  app.use('/assets/*', serveStatic({ root: webDist }));
  app.get('*', async (c, next) => {
    const page = pages.get(c.req.path);
    if (!page || new URL(c.req.url).search) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'no-cache');
    await next();
  });
  app.use('*', serveStatic({ root: webDist }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    const { path } = c.req;
    if (path === '/dashboard' || path === '/dashboard/') return c.html(dashboardHome);
    return c.html(path.startsWith('/dashboard/') ? dashboardOther : indexHtml);
  });
};
