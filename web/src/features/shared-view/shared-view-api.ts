import type {
  SharedAppointmentsResponse,
  SharedDocumentsResponse,
  SharedHealthResponse,
  SharedLabResultsResponse,
  SharedMedicationsResponse,
  SharedOverviewResponse,
} from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';

export type {
  SharedAppointmentsResponse,
  SharedDocumentsResponse,
  SharedHealthResponse,
  SharedLabResultsResponse,
  SharedMedicationsResponse,
  SharedOverviewResponse,
};

export const sharedPath = (token: string, suffix = '') =>
  `/api/v1/shared/${encodeURIComponent(token)}${suffix}` as const;

/** A refused link is final (not valid, or sign-in needed): no retries, no refetch on focus. */
const once = { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY } as const;

export const useSharedOverview = (token: string) =>
  useQuery({
    queryKey: ['shared', token],
    queryFn: () => api<SharedOverviewResponse>(sharedPath(token)),
    ...once,
  });

export const useSharedSection = <T>(token: string, suffix: string) =>
  useQuery({
    queryKey: ['shared', token, suffix],
    queryFn: () => api<T>(sharedPath(token, suffix)),
    ...once,
  });

export const refusal = (error: unknown): 'invalid' | 'sign_in' | 'other' =>
  error instanceof ApiError && error.code === 'share_link_invalid'
    ? 'invalid'
    : error instanceof ApiError && error.code === 'share_sign_in_required'
      ? 'sign_in'
      : 'other';
