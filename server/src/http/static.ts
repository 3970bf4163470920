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
  app.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
};
