import type {
  PushSubscribeRequest,
  PushSubscriptionListResponse,
  PushSubscriptionResponse,
  PushSubscriptionUpdateRequest,
  PushTestResponse,
} from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const PATH = '/api/v1/push/subscriptions';
export const pushKeys = { devices: ['push-devices'] as const };

export const usePushDevices = () =>
  useQuery({ queryKey: pushKeys.devices, queryFn: () => api<PushSubscriptionListResponse>(PATH) });

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: pushKeys.devices });
};

export const saveSubscription = (body: PushSubscribeRequest) =>
  api<PushSubscriptionResponse>(PATH, { method: 'POST', body });

export const useUpdateDevice = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PushSubscriptionUpdateRequest }) =>
      api<PushSubscriptionResponse>(`${PATH}/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
};

export const useRemoveDevice = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
};

export const useSendTest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<PushTestResponse>(`${PATH}/${id}/test`, { method: 'POST' }),
    onSettled: refresh,
  });
};

export const useRefreshDevices = useRefresh;
