import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import type { DashboardContext } from '@/features/shell/use-dashboard-context';

/**
 * A dashboard screen's text as it renders for Alex's own record, or while Alex acts for the ward
 * named `ward` (households): the shell's outlet context around it, and the answers its queries would
 * get already in the cache (`seed`), so nothing is fetched.
 */
export function renderInDashboard(
  screen: ReactElement,
  { ward, seed }: { ward?: string; seed?: (client: QueryClient) => void } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  seed?.(client);
  const self = { id: 'self', displayName: 'Alex', relation: 'self' };
  const person = ward ? { id: 'ward', displayName: ward, relation: 'ward' } : self;
  const context = {
    user: { id: 'self', name: 'Alex', email: 'alex@example.com' },
    profile: { timezone: 'UTC', glucoseUnit: 'mg/dL', userType: 'general_health', displayName: 'Alex' },
    roles: { isAdmin: false },
    diabetes: false,
    acting: { account: { id: 'self' }, people: ward ? [self, person] : [self], person, ward: Boolean(ward) },
  } as unknown as DashboardContext;
  const html = renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client },
      h(
        MemoryRouter,
        null,
        h(
          Routes,
          null,
          h(Route, { element: h(Outlet, { context }) }, h(Route, { path: '*', element: screen })),
        ),
      ),
    ),
  );
  // The words a person reads, without the markup around them.
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
