import type {
  DeviceCatalogueResponse,
  DeviceConnectionListResponse,
  NightscoutSourceRequest,
  NightscoutSourceResponse,
  NsCredentialCreatedResponse,
  NsCredentialListResponse,
  NsFollowerCreatedResponse,
  NsFollowerListResponse,
  WidgetSessionResponse,
} from '@healthfolio/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type {
  DeviceCatalogueResponse,
  NightscoutSourceResponse,
  NsCredentialCreatedResponse,
  NsFollowerCreatedResponse,
};

export const deviceKeys = {
  all: ['devices'] as const,
  catalogue: ['devices', 'catalogue'] as const,
  connections: ['devices', 'connections'] as const,
  credentials: ['devices', 'ns-credentials'] as const,
  source: ['devices', 'ns-source'] as const,
  followers: ['devices', 'ns-followers'] as const,
};
const FOLLOWERS = '/api/v1/devices/nightscout/followers';
const CREDENTIALS = '/api/v1/devices/nightscout/credentials';
const SOURCE = '/api/v1/devices/nightscout/source';

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: deviceKeys.all });

export const useCatalogue = () =>
  useQuery({
    queryKey: deviceKeys.catalogue,
    queryFn: () => api<DeviceCatalogueResponse>('/api/v1/devices/catalogue'),
  });

/** After a connection, Terra's auth webhook may land a moment later: `poll` re-reads for a while. */
export const useConnections = (poll = false) =>
  useQuery({
    queryKey: deviceKeys.connections,
    queryFn: () => api<DeviceConnectionListResponse>('/api/v1/devices/connections'),
    select: (d) => d.items,
    refetchInterval: poll ? 2000 : false,
  });

export const useWidgetSession = () =>
  useMutation({
    mutationFn: (body: { providers: string[]; popup: boolean }) =>
      api<WidgetSessionResponse>('/api/v1/devices/terra/widget-session', { method: 'POST', body }),
  });

export const useDisconnect = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/devices/connections/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(client),
  });
};

export const useNsCredentials = () =>
  useQuery({
    queryKey: deviceKeys.credentials,
    queryFn: () => api<NsCredentialListResponse>(CREDENTIALS),
    select: (d) => d.items,
  });

export const useCreateNsCredential = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<NsCredentialCreatedResponse>(CREDENTIALS, { method: 'POST', body: { name } }),
    onSuccess: () => refresh(client),
  });
};

export const useRevokeNsCredential = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${CREDENTIALS}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(client),
  });
};

export const useNightscoutSource = () =>
  useQuery({ queryKey: deviceKeys.source, queryFn: () => api<NightscoutSourceResponse>(SOURCE) });

export const useSaveNightscoutSource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NightscoutSourceRequest) =>
      api<NightscoutSourceResponse>(SOURCE, { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(deviceKeys.source, data);
      void refresh(client);
    },
  });
};

export const useSyncNightscout = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<NightscoutSourceResponse>(`${SOURCE}/sync`, { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(deviceKeys.source, data),
  });
};

export const useRemoveNightscoutSource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(SOURCE, { method: 'DELETE' }),
    onSuccess: () => refresh(client),
  });
};

export const useFollowers = () =>
  useQuery({ queryKey: deviceKeys.followers, queryFn: () => api<NsFollowerListResponse>(FOLLOWERS) });

export const useCreateFollower = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<NsFollowerCreatedResponse>(FOLLOWERS, { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.followers }),
  });
};

export const useRevokeFollower = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${FOLLOWERS}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.followers }),
  });
};
