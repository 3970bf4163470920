import type {
  EntryCreateRequest,
  EntryListResponse,
  EntryResponse,
  EntryUpdateRequest,
  StreakSummaryResponse,
  TrackerKey,
  TrackerStatsResponse,
} from '@healthfolio/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type EntryFilter = {
  tracker?: TrackerKey;
  from?: string;
  /** The last `days` days, reckoned by the server (a stable address, preloadable). */
  days?: number;
  to?: string;
  order?: 'asc' | 'desc';
};

export const entryKeys = {
  all: ['entries'] as const,
  list: (filter: EntryFilter, limit: number) => ['entries', 'list', filter, limit] as const,
  range: (tracker: TrackerKey, days: number) => ['entries', 'range', tracker, days] as const,
  summary: ['entries-summary'] as const,
  stats: (tracker: TrackerKey) => ['tracker-stats', tracker] as const,
};

const listPath = (filter: EntryFilter, limit: number, cursor?: string | null) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/api/v1/entries?${params}` as const;
};

/** One page of entries (Recent Entries: the latest 50 across trackers). */
export const useEntries = (filter: EntryFilter, limit = 50) =>
  useQuery({
    queryKey: entryKeys.list(filter, limit),
    queryFn: () => api<EntryListResponse>(listPath(filter, limit)),
  });

/** Entries page by page, following the server's keyset cursor. */
export const useEntryPages = (filter: EntryFilter, limit = 50) =>
  useInfiniteQuery({
    queryKey: [...entryKeys.list(filter, limit), 'pages'],
    queryFn: ({ pageParam }) => api<EntryListResponse>(listPath(filter, limit, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

const RANGE_PAGE = 200;
const rangeFilter = (tracker: TrackerKey, days: number): EntryFilter => ({ tracker, days, order: 'asc' });

/** The first page of a tracker's last `days` days (the dashboard's HTML preloads the home's). */
export const entryRangePath = (tracker: TrackerKey, days: number) =>
  listPath(rangeFilter(tracker, days), RANGE_PAGE);

/** Every entry of a tracker in the last `days` days, oldest first (trend charts). */
export const useEntryRange = (tracker: TrackerKey, days: number) =>
  useQuery({
    queryKey: entryKeys.range(tracker, days),
    queryFn: async () => {
      const filter = rangeFilter(tracker, days);
      const items: EntryResponse[] = [];
      let cursor: string | null = null;
      // 50 pages of 200 is far more than a person logs by hand in 90 days; stop there regardless.
      for (let page = 0; page < 50; page++) {
        const res: EntryListResponse = await api<EntryListResponse>(listPath(filter, RANGE_PAGE, cursor));
        items.push(...res.items);
        cursor = res.nextCursor;
        if (!cursor) break;
      }
      return items;
    },
  });

export const useStreakSummary = () =>
  useQuery({
    queryKey: entryKeys.summary,
    queryFn: () => api<StreakSummaryResponse>('/api/v1/entries/summary'),
  });

export const trackerStatsPath = (tracker: TrackerKey) => `/api/v1/trackers/${tracker}/stats` as const;
export const useTrackerStats = (tracker: TrackerKey, enabled = true) =>
  useQuery({
    queryKey: entryKeys.stats(tracker),
    queryFn: () => api<TrackerStatsResponse>(trackerStatsPath(tracker)),
    enabled,
  });

/** After any write: lists, trends, the streak and the per-tracker figures may all have changed. */
const useRefreshAfterWrite = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: entryKeys.all }),
      client.invalidateQueries({ queryKey: entryKeys.summary }),
      client.invalidateQueries({ queryKey: ['tracker-stats'] }),
    ]);
};

export const useCreateEntry = () => {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    // Offline the entry is kept on this device (features/offline) rather than the mutation paused.
    networkMode: 'always',
    // The queue (IndexedDB, sealing) loads on the first save, not with the page; the dashboard's
    // pending-entries panel has loaded it by then, and the service worker keeps it for offline use.
    mutationFn: async (body: EntryCreateRequest) =>
      (await import('@/features/offline/entry-queue')).sendOrQueueEntry(body),
    onSuccess: refresh,
  });
};

export const useUpdateEntry = () => {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EntryUpdateRequest }) =>
      api<EntryResponse>(`/api/v1/entries/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
};

export const useDeleteEntry = () => {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/v1/entries/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
};
