import type { RouteObject } from 'react-router';

/** The Health summary (both modes), in its own chunk. */
export const HEALTH_SUMMARY_ROUTES: RouteObject[] = [
  {
    path: 'health-summary',
    lazy: async () => ({ Component: (await import('./health-summary-page')).HealthSummaryPage }),
  },
];
