import type { RouteObject } from 'react-router';

/** Health systems (issue 36): connecting patient portals and insurers, in its own chunk. */
export const HEALTH_SYSTEMS_ROUTES: RouteObject[] = [
  {
    path: 'health-systems',
    lazy: async () => ({ Component: (await import('./health-systems-page')).HealthSystemsPage }),
  },
];
