import type {
  LabResultCreateRequest,
  LabResultListResponse,
  LabResultResponse,
  LabResultUpdateRequest,
  LabTestSeriesResponse,
} from '@healthfolio/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { LabResultCreateRequest, LabResultResponse, LabTestSeriesResponse };

/** Every lab query starts with `lab-results`: a save refreshes the list, the test pages and the A1C tracker. */
export const labKeys = {
  all: ['lab-results'] as const,
  list: (loinc?: string) => ['lab-results', 'list', loinc ?? 'all'] as const,
  series: (loinc: string) => ['lab-results', 'series', loinc] as const,
};

const BASE = '/api/v1/lab-results';

/** Latest first; one test's results when `loinc` is given. */
export const useLabResults = (loinc?: string) =>
  useQuery({
    queryKey: labKeys.list(loinc),
    queryFn: () => api<LabResultListResponse>(loinc ? `${BASE}?loinc=${encodeURIComponent(loinc)}` : BASE),
    select: (data) => data.items,
  });

/** One test's results oldest first. */
export const useLabSeries = (loinc: string) =>
  useQuery({
    queryKey: labKeys.series(loinc),
    queryFn: () => api<LabTestSeriesResponse>(`${BASE}/tests/${encodeURIComponent(loinc)}`),
  });

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: labKeys.all });

export const useAddLabResult = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LabResultCreateRequest) => api<LabResultResponse>(BASE, { method: 'POST', body }),
    onSuccess: () => refresh(client),
  });
};

export const useUpdateLabResult = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LabResultUpdateRequest }) =>
      api<LabResultResponse>(`${BASE}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => refresh(client),
  });
};

export const useDeleteLabResult = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(client),
  });
};
