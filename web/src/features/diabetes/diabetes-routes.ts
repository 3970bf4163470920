import type { RouteObject } from 'react-router';

/** The diabetes toolset screens (tracking spec §2), each in its own chunk. */
export const DIABETES_ROUTES: RouteObject[] = [
  {
    path: 'carb-counter',
    lazy: async () => ({
      Component: (await import('@/features/carb-counter/carb-counter-page')).CarbCounterPage,
    }),
  },
  {
    path: 'insulin-calculator',
    lazy: async () => ({
      Component: (await import('@/features/insulin/insulin-calculator-page')).InsulinCalculatorPage,
    }),
  },
  {
    path: 'a1c-tracker',
    lazy: async () => ({ Component: (await import('@/features/a1c/a1c-tracker-page')).A1cTrackerPage }),
  },
  {
    path: 'pattern-analysis',
    lazy: async () => ({
      Component: (await import('@/features/glucose-analytics/pattern-analysis-page')).PatternAnalysisPage,
    }),
  },
  {
    path: 'glucose-trends',
    lazy: async () => ({
      Component: (await import('@/features/glucose-analytics/glucose-trends-page')).GlucoseTrendsPage,
    }),
  },
  {
    path: 'detailed-analytics',
    lazy: async () => ({
      Component: (await import('@/features/glucose-analytics/detailed-analytics-page')).DetailedAnalyticsPage,
    }),
  },
  {
    path: 'glucose-import',
    lazy: async () => ({
      Component: (await import('@/features/glucose-import/glucose-import-page')).GlucoseImportPage,
    }),
  },
  {
    path: 'devices',
    lazy: async () => ({ Component: (await import('@/features/devices/devices-page')).DevicesPage }),
  },
];
