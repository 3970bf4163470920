import type { BrowserContext, Page } from '@playwright/test';

/**
 * Lighthouse's installability checks, run in the e2e suite against the built app. Lighthouse 12
 * dropped its PWA category (installable-manifest, splash-screen, themed-omnibox, maskable-icon,
 * viewport, apple-touch-icon and the offline start URL), so the same checks are made here the way
 * Lighthouse 11 made them: Chromium's own installability verdict and manifest parse over the
 * DevTools protocol, and the rest from the page and its manifest. Answers the problems, in words.
 */
export const installabilityProblems = async (page: Page, context: BrowserContext): Promise<string[]> => {
  const problems: string[] = [];
  const cdp = await context.newCDPSession(page);
  try {
    // installable-manifest: what Chromium itself says stands in the way of installing. Playwright's
    // contexts are private windows, where Chromium installs nothing: that one reason is not the app's.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    for (const e of installabilityErrors)
      if (e.errorId !== 'in-incognito') problems.push(`not installable: ${e.errorId}`);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    if (!url) problems.push('no manifest linked');
    for (const e of errors) problems.push(`manifest: ${e.message}`);
  } finally {
    await cdp.detach();
  }

  const head = await page.evaluate(() => ({
    viewport: document.querySelector<HTMLMetaElement>('meta[name="viewport"]')?.content ?? '',
    themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content ?? '',
    appleTouchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href ?? '',
    manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '',
  }));
  // viewport: sized for phones.
  if (!/width=device-width/.test(head.viewport)) problems.push('viewport: no width=device-width');
  // themed-omnibox: the address bar takes the app's colour.
  if (!head.themeColor) problems.push('themed-omnibox: no theme-color meta');
  // apple-touch-icon: Safari's home-screen icon.
  if (!head.appleTouchIcon || !(await page.request.get(head.appleTouchIcon)).ok())
    problems.push('apple-touch-icon: missing');

  const manifest = head.manifest ? await (await page.request.get(head.manifest)).json() : {};
  // splash-screen: a name, colours and an icon of at least 512 px.
  for (const key of ['name', 'short_name', 'background_color', 'theme_color', 'start_url', 'display'])
    if (!manifest[key]) problems.push(`splash-screen: manifest has no ${key}`);
  if (manifest.theme_color && head.themeColor && manifest.theme_color !== head.themeColor)
    problems.push('themed-omnibox: theme-color differs from the manifest');
  const icons: { src: string; sizes?: string; purpose?: string; type?: string }[] = manifest.icons ?? [];
  const size = (i: { sizes?: string }) =>
    Math.max(0, ...(i.sizes ?? '').split(' ').map((s) => Number.parseInt(s, 10) || 0));
  const any = icons.filter((i) => (i.purpose ?? 'any').split(' ').includes('any'));
  if (!any.some((i) => size(i) >= 192)) problems.push('installable-manifest: no icon of 192 px or more');
  if (!any.some((i) => size(i) >= 512)) problems.push('splash-screen: no icon of 512 px or more');
  // maskable-icon
  if (!icons.some((i) => (i.purpose ?? '').split(' ').includes('maskable')))
    problems.push('maskable-icon: none');
  for (const icon of icons) {
    const res = await page.request.get(new URL(icon.src, head.manifest).href);
    if (!res.ok() || !(res.headers()['content-type'] ?? '').startsWith('image/'))
      problems.push(`icon ${icon.src} does not load as an image`);
  }

  // The start URL opens without a connection (the service worker answers it): Lighthouse's old
  // "works offline" and "start_url responds when offline".
  if (manifest.start_url) {
    const offline = await context.newPage();
    await context.setOffline(true);
    try {
      const res = await offline.goto(new URL(manifest.start_url, head.manifest).href).catch(() => null);
      if (res?.status() !== 200) problems.push(`start_url answers ${res?.status() ?? 'nothing'} offline`);
    } finally {
      await context.setOffline(false);
      await offline.close();
    }
  }
  return problems;
};
