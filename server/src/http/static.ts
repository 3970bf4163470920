import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and any
 * non-API path the router does not know answered with index.html so client routes survive a reload.
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
  // Headers set before serveStatic builds its response (it ignores ones set afterwards).
  app.use('/assets/*', async (c, next) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    await next();
  });
  app.use('/assets/*', serveStatic({ root: webDist }));
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'no-cache');
    await next();
  });
  app.use('*', serveStatic({ root: webDist }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
};
