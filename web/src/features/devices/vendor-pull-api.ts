import type {
  DexcomShareConnectRequest,
  LibreLinkUpConnectRequest,
  VendorPullSourceResponse,
  VendorPullVendor,
} from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { VendorPullSourceResponse, VendorPullVendor };
export type VendorConnectRequest = DexcomShareConnectRequest | LibreLinkUpConnectRequest;

export const vendorSourceKey = (vendor: VendorPullVendor) => ['devices', 'vendor-pull', vendor] as const;
const path = (vendor: VendorPullVendor) => `/api/v1/devices/${vendor}` as const;

/** Re-read every minute while shown, so "Last reading 3 minutes ago" and a retry time stay true. */
export const useVendorSource = (vendor: VendorPullVendor) =>
  useQuery({
    queryKey: vendorSourceKey(vendor),
    queryFn: () => api<VendorPullSourceResponse>(path(vendor)),
    refetchInterval: 60_000,
  });

export const useConnectVendor = (vendor: VendorPullVendor) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorConnectRequest) =>
      api<VendorPullSourceResponse>(path(vendor), { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(vendorSourceKey(vendor), data),
  });
};

export const usePullVendorNow = (vendor: VendorPullVendor) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<VendorPullSourceResponse>(`${path(vendor)}/sync`, { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(vendorSourceKey(vendor), data),
  });
};

export const useDisconnectVendor = (vendor: VendorPullVendor) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(path(vendor), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: vendorSourceKey(vendor) }),
  });
};
