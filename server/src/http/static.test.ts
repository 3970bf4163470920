import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedHeaders } from './fixed-headers';
import { securityHeaders } from './security';
import { mountWebApp, webStyleHashes } from './static';

// A built web app in miniature, laid out as web/scripts/prerender.mjs writes it.
const css = 'body{margin:0}';
const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
const shell = (body: string) =>
  `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`;
mkdirSync(join(dist, 'prerendered'));
writeFileSync(join(dist, 'index.html'), shell('<div id="root"></div>'));
writeFileSync(
  join(dist, 'prerendered', 'index.html'),
  shell('<div id="root" data-prerendered><h1>Landing</h1></div>'),
);
writeFileSync(
  join(dist, 'prerendered', 'auth.html'),
  shell('<div id="root" data-prerendered><h1>Welcome</h1></div>'),
);
const frame = (kind: string) => shell(`<div id="root"><div class="skeleton ${kind}"></div></div>`);
writeFileSync(join(dist, 'prerendered', 'dashboard.html'), frame('home'));
writeFileSync(join(dist, 'prerendered', 'dashboard-other.html'), frame('other'));
writeFileSync(join(dist, 'csp-hashes.json'), JSON.stringify({ style: [hash, "'unsafe-inline'"] }));

const app = new OpenAPIHono();
app.use('*', fixedHeaders(securityHeaders(false, webStyleHashes(dist))));
mountWebApp(app, dist);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  it('answers the landing and sign-in addresses with their prerendered HTML', async () => {
    expect(await (await app.request('/')).text()).toContain('<h1>Landing</h1>');
    const auth = await app.request('/auth');
    expect(auth.headers.get('content-type')).toContain('text/html');
    expect(auth.headers.get('cache-control')).toBe('no-cache');
    expect(await auth.text()).toContain('<h1>Welcome</h1>');
  });

  it('answers a sign-in address with a query (the page depends on it) with the plain app shell', async () => {
    const page = await (await app.request('/auth?tab=signup')).text();
    expect(page).toContain('<div id="root"></div>');
  });

  it('answers dashboard addresses with the placeholder frame and other client routes with the shell', async () => {
    // The home's frame preloads the home's code; the others only the layout's.
    expect(await (await app.request('/dashboard')).text()).toContain('class="skeleton home"');
    expect(await (await app.request('/dashboard/settings')).text()).toContain('class="skeleton other"');
    expect(await (await app.request('/dashboards')).text()).toContain('<div id="root"></div>');
  });

  it('allows the inlined stylesheet by its hash and never inline styles at large', async () => {
    const csp = (await app.request('/auth')).headers.get('content-security-policy') ?? '';
    const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src')) ?? '';
    expect(styleSrc).toContain(hash);
    expect(csp).not.toContain('unsafe-inline');
  });
});
