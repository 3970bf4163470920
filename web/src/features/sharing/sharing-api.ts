import type {
  ShareAccessLogResponse,
  ShareCreatedResponse,
  ShareCreateRequest,
  SharedWithMeResponse,
  ShareListResponse,
  ShareResponse,
  ShareUpdateRequest,
} from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { ShareCreatedResponse, ShareResponse };

export const shareKeys = {
  all: ['shares'] as const,
  list: ['shares', 'list'] as const,
  log: (id: string) => ['shares', 'log', id] as const,
  withMe: ['shared-with-me'] as const,
};

const BASE = '/api/v1/shares';

export const useShares = () =>
  useQuery({
    queryKey: shareKeys.list,
    queryFn: () => api<ShareListResponse>(BASE),
    select: (d) => d.items,
  });

export const useSharedWithMe = () =>
  useQuery({
    queryKey: shareKeys.withMe,
    queryFn: () => api<SharedWithMeResponse>('/api/v1/shared-with-me'),
    select: (d) => d.items,
  });

export const useAccessLog = (id: string) =>
  useQuery({
    queryKey: shareKeys.log(id),
    queryFn: () => api<ShareAccessLogResponse>(`${BASE}/${id}/access-log`),
    select: (d) => d.items,
  });

export const useCreateShare = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareCreateRequest) => api<ShareCreatedResponse>(BASE, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all }),
  });
};

export const useUpdateShare = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShareUpdateRequest }) =>
      api<ShareResponse>(`${BASE}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all }),
  });
};

export const useRevokeShare = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ShareResponse>(`${BASE}/${id}/revoke`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all }),
  });
};

export const fetchShareLink = (id: string) => api<{ link: string }>(`${BASE}/${id}/link`);
