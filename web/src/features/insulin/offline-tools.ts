import type { QueryClient } from '@tanstack/react-query';
import { customFoodsQuery } from '@/features/carb-counter/use-custom-foods';
import { entriesQuery } from '@/features/diabetes/glucose-api';
import { DOSES_FETCHED } from './use-insulin-doses';

/**
 * What the diabetes tools need to work offline (the insulin settings, the doses insulin on board
 * counts, the person's own foods), read once a dashboard opens online so the device saves them even
 * when the tools were not opened (features/offline/saved-data.ts).
 */
export const prefetchDiabetesTools = (client: QueryClient) =>
  Promise.all([
    client.prefetchQuery(entriesQuery('insulin-settings', 1)),
    client.prefetchQuery(entriesQuery('insulin', DOSES_FETCHED)),
    client.prefetchQuery(customFoodsQuery),
  ]);
