import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { onConnectionChange, serverUnreachable } from './lib/connection';
import { queryClient } from './lib/query-client';
import { warmSession } from './lib/session';

// A dashboard address needs the session first: ask for it now, while the page's code downloads.
// Opened offline, what this device saved of the signed-in person goes back into the cache instead
// (features/offline/saved-data.ts), before the first render, so the dashboard opens with it.
let restored: Promise<void> | undefined;
const restore = () =>
  (restored ??= import('./features/offline/device-data').then((m) => m.restoreSavedData(queryClient)));
if (location.pathname.startsWith('/dashboard'))
  if (navigator.onLine) {
    warmSession(queryClient);
    // Online but the server does not answer (lib/connection.ts): the same, once it is found out.
    const stop = onConnectionChange(() => {
      if (!serverUnreachable() || queryClient.getQueryData(['session'])) return;
      stop();
      void restore();
    });
  } else void restore();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

/**
 * A prerendered page (web/scripts/prerender.mjs) is hydrated: its route's code is loaded first so the
 * router's first render is the same tree the server wrote, not the loading fallback.
 */
const start = async (container: HTMLElement) => {
  await restored;
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazy.map(async ({ route }) => {
        const load = route.lazy as () => Promise<object>;
        Object.assign(route, await load(), { lazy: undefined });
      }),
    );
  }
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>
  );
  // As a transition, React renders the first screen in slices that yield to the browser instead of
  // one long task (Lighthouse's total blocking time), keeping the HTML already painted meanwhile.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
};

void start(root);

// The service worker (offline shell, alerts) after the page has loaded: no first-load cost.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./features/offline/register-sw').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
