import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { noteMaintenance } from './maintenance';

/**
 * The app's one query cache. It lives at module level rather than in a component so route loaders
 * can start fetches before the page that needs them has even downloaded.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: noteMaintenance }),
  mutationCache: new MutationCache({ onError: noteMaintenance }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; a network blip or a 5xx might.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});
