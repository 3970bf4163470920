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
  TrackerKey,
} from '@healthfolio/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const useEntries = (tracker: TrackerKey, limit: number) =>
  useQuery({
    queryKey: [...diabetesKeys.entries, tracker, limit],
    queryFn: () => api<EntryListResponse>(`/api/v1/entries?tracker=${tracker}&limit=${limit}`),
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

/** Posts one tracker entry; on success every glucose and entry query reloads. */
export const useCreateEntry = () => {
  const refresh = useRefreshDiabetesData();
  return useMutation({
    mutationFn: (body: EntryCreateRequest) => api<EntryResponse>('/api/v1/entries', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
};
