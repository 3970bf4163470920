import type { RouteObject } from 'react-router';

/** Health Data Sharing (Care Team Access in diabetes mode), in its own chunk. */
export const SHARING_ROUTES: RouteObject[] = [
  {
    path: 'sharing',
    lazy: async () => ({ Component: (await import('@/features/sharing/sharing-page')).SharingPage }),
  },
];
