import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';
import { DashboardSkeleton } from '@/features/shell/dashboard-skeleton';

export { HOME_DATA, SHELL_DATA } from './data-preloads';

/**
 * Renders one public route to HTML at build time (web/scripts/prerender.mjs). Nothing here knows who
 * will open the page: queries stay pending, so the markup is what a visitor sees before the session
 * is checked, and the client hydrates that same tree.
 */
export const renderRoute = async (path: string): Promise<string> => {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        {/* No inline hydration script: the CSP allows none, and these routes have no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
};

/** The dashboard's placeholder frame, sent for /dashboard addresses; the client renders over it. */
export const renderDashboardSkeleton = (): string => renderToString(<DashboardSkeleton />);
