import type {
  AnalyticsResponse,
  EntryCreateRequest,
  EntryListResponse,
  EntryResponse,
  GlucoseReadingsResponse,
  GlucoseSeriesResponse,
  GlucoseStatsResponse,
  GlucoseStatusResponse,
  PatternResponse,
  TempBasalsResponse,
  TrackerKey,
} from '@healthfolio/core';
import type { GlucoseTargetsResponse } from '@healthfolio/core/glucose/targets';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

export type GlucoseReadings = z.infer<typeof GlucoseReadingsResponse>;
export type GlucoseStatus = z.infer<typeof GlucoseStatusResponse>;
export type GlucoseStats = GlucoseStatsResponse;
export type GlucoseSeries = GlucoseSeriesResponse;
export type Patterns = z.infer<typeof PatternResponse>;
export type Analytics = z.infer<typeof AnalyticsResponse>;
export type { EntryResponse };

/** Every glucose and diabetes-entry query starts with one of these, so a save can refresh them all. */
export const diabetesKeys = {
  glucose: ['glucose'] as const,
  entries: ['entries'] as const,
};

export const useGlucoseReadings = (limit: number) =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'readings', limit],
    queryFn: () => api<GlucoseReadings>(`/api/v1/glucose/readings?limit=${limit}`),
  });

export const useGlucoseStatus = () =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'status'],
    queryFn: () => api<GlucoseStatus>('/api/v1/glucose/status'),
  });

export const useGlucoseStats = (days: number) =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'stats', days],
    queryFn: () => api<GlucoseStats>(`/api/v1/glucose/stats?days=${days}`),
    placeholderData: keepPreviousData,
  });

export const useGlucoseSeries = (days: number) =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'series', days],
    queryFn: () => {
      const from = new Date(Date.now() - days * 86_400_000).toISOString();
      return api<GlucoseSeries>(`/api/v1/glucose/series?from=${encodeURIComponent(from)}&maxPoints=500`);
    },
    placeholderData: keepPreviousData,
  });

export const useGlucosePatterns = () =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'patterns'],
    queryFn: () => api<Patterns>('/api/v1/glucose/patterns'),
  });

export const useGlucoseAnalytics = (days: number) =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'analytics', days],
    queryFn: () => api<Analytics>(`/api/v1/glucose/analytics?days=${days}`),
  });

/** A tracker's latest entries (the insulin tools' settings and doses; also saved for offline use). */
export const entriesQuery = (tracker: TrackerKey, limit: number) =>
  queryOptions({
    queryKey: [...diabetesKeys.entries, tracker, limit],
    queryFn: () => api<EntryListResponse>(`/api/v1/entries?tracker=${tracker}&limit=${limit}`),
  });

export const useEntries = (tracker: TrackerKey, limit: number) => useQuery(entriesQuery(tracker, limit));

/** The person's own glucose lines (urgent low, range, urgent high) in mg/dL. */
export const useGlucoseTargets = () =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'targets'],
    queryFn: () => api<GlucoseTargetsResponse>('/api/v1/glucose/targets'),
  });

/** A window [from, to] (epoch ms) as the API's query: `to` is exclusive there, so 1 ms past it. */
const windowQuery = (from: number, to: number) =>
  `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to + 1).toISOString())}`;

/** The entries API's page size limit (core's ENTRY_PAGE_MAX; core's index would load zod on first paint). */
const ENTRY_PAGE_MAX = 200;

/** One tracker's entries in a window, oldest first (a chart's boluses or carbs). */
export const useEntriesBetween = (tracker: TrackerKey, from: number, to: number, enabled: boolean) =>
  useQuery({
    queryKey: [...diabetesKeys.entries, tracker, 'between', from, to],
    queryFn: () =>
      api<EntryListResponse>(
        `/api/v1/entries?tracker=${tracker}&order=asc&limit=${ENTRY_PAGE_MAX}&${windowQuery(from, to)}`,
      ),
    enabled,
  });

/** The temp basals a loop ran in a window. */
export const useTempBasals = (from: number, to: number, enabled: boolean) =>
  useQuery({
    queryKey: [...diabetesKeys.glucose, 'temp-basals', from, to],
    queryFn: () => api<TempBasalsResponse>(`/api/v1/devices/temp-basals?${windowQuery(from, to)}`),
    enabled,
  });

/** Refreshes every glucose and entry query, e.g. after a save elsewhere on the screen. */
export const useRefreshDiabetesData = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: diabetesKeys.glucose }),
      client.invalidateQueries({ queryKey: diabetesKeys.entries }),
    ]);
};

/**
 * Logs an entry from a diabetes tool (a dose, a meal): offline it is kept on this device and sent when
 * the connection returns (features/offline), as the trackers' dialogs do; the answer says which.
 */
export const useLogEntry = () => {
  const refresh = useRefreshDiabetesData();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: EntryCreateRequest) =>
      (await import('@/features/offline/entry-queue')).sendOrQueueEntry(body),
    onSuccess: () => refresh(),
  });
};

/** Posts one tracker entry; on success every glucose and entry query reloads. */
export const useCreateEntry = () => {
  const refresh = useRefreshDiabetesData();
  return useMutation({
    mutationFn: (body: EntryCreateRequest) => api<EntryResponse>('/api/v1/entries', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
};
