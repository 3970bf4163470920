import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type {
  HealthSystemConnection,
  HealthSystemConnectionList,
  HealthSystemConnectResponse,
  HealthSystemDiscovery,
  HealthSystemEndpointList,
  HealthSystemKind,
} from './health-systems-types';

export type {
  HealthSystemConnection,
  HealthSystemDiscovery,
  HealthSystemEndpoint,
  HealthSystemKind,
} from './health-systems-types';

const BASE = '/api/v1/health-systems';

export const healthSystemKeys = {
  all: ['health-systems'] as const,
  connections: ['health-systems', 'connections'] as const,
  endpoints: (q: string, kind: HealthSystemKind | '') => ['health-systems', 'endpoints', q, kind] as const,
};

/** While a connection brings records in, it is read again every few seconds to show the progress. */
const POLL_MS = 2_000;
/**
 * Until when to read the connections even if none says it is syncing yet: a sync just asked for (or a
 * connection just made) may not have started when the list is next read.
 */
let expectSyncUntil = 0;
export const expectSync = () => {
  expectSyncUntil = Date.now() + 15_000;
};

export const useConnections = () =>
  useQuery({
    queryKey: healthSystemKeys.connections,
    queryFn: () => api<HealthSystemConnectionList>(`${BASE}/connections`),
    select: (data) => data.connections,
    refetchInterval: (query) =>
      Date.now() < expectSyncUntil || query.state.data?.connections.some((c) => c.status === 'syncing')
        ? POLL_MS
        : false,
  });

/** The endpoints this instance knows (enabled, with a client id), by name. */
export const useEndpoints = (q: string, kind: HealthSystemKind | '') =>
  useQuery({
    queryKey: healthSystemKeys.endpoints(q, kind),
    queryFn: () => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      if (kind) params.set('kind', kind);
      return api<HealthSystemEndpointList>(`${BASE}/endpoints?${params}`);
    },
    select: (data) => data.endpoints,
    placeholderData: (previous) => previous,
  });

/** Reads the server's smart-configuration: what connecting would ask for, before anything happens. */
export const useDiscover = () =>
  useMutation({
    mutationFn: (fhirBaseUrl: string) =>
      api<HealthSystemDiscovery>(`${BASE}/discover`, { method: 'POST', body: { fhirBaseUrl } }),
  });

export const useConnect = () =>
  useMutation({
    mutationFn: (endpointId: string) =>
      api<HealthSystemConnectResponse>(`${BASE}/connect`, { method: 'POST', body: { endpointId } }),
  });

/** After a sync or a disconnect every list a sync can add to is read again (lab results, summary…). */
const useRefreshAll = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries();
};

export const useSyncNow = () => {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${BASE}/connections/${id}/sync`, { method: 'POST' }),
    onSuccess: () => {
      expectSync();
      return refresh();
    },
  });
};

export const useDisconnect = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${BASE}/connections/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      client.setQueryData<HealthSystemConnectionList>(healthSystemKeys.connections, (old) =>
        old ? { connections: old.connections.filter((c: HealthSystemConnection) => c.id !== id) } : old,
      );
      return client.invalidateQueries({ queryKey: healthSystemKeys.connections });
    },
  });
};
