import type { RouteObject } from 'react-router';

/** The Lab Results area (both modes), each page in its own chunk. */
export const LAB_ROUTES: RouteObject[] = [
  {
    path: 'lab-results',
    lazy: async () => ({ Component: (await import('./lab-results-page')).LabResultsPage }),
  },
  {
    path: 'lab-results/:loinc',
    lazy: async () => ({ Component: (await import('./lab-test-page')).LabTestPage }),
  },
];
