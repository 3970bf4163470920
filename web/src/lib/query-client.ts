import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { actingPersonId } from './acting-person';
import { ApiError } from './api';
import { noteMaintenance } from './maintenance';

/**
 * The person this tab acts for may no longer be one the account may act for (its guardianship was
 * removed, the person was deleted or handed over): the household is read again, and the dashboard
 * (features/household/use-acting-person.ts) puts the tab back on the account's own record.
 */
const personGone = (error: unknown) => {
  if (error instanceof ApiError && error.code === 'person_not_found' && actingPersonId())
    void queryClient.invalidateQueries({ queryKey: ['household'], exact: true });
};

const onError = (error: unknown) => {
  noteMaintenance(error);
  personGone(error);
};

/**
 * The app's one query cache. It lives at module level rather than in a component so route loaders
 * can start fetches before the page that needs them has even downloaded.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
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
