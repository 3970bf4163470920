import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBrandsImportResponse,
  AdminHealthSystemCreateRequest,
  AdminHealthSystemEndpoint,
  AdminHealthSystemsResponse,
  AdminHealthSystemUpdateRequest,
} from '@/features/health-systems/health-systems-types';
import { api } from '@/lib/api';

export type { AdminHealthSystemCreateRequest, AdminHealthSystemEndpoint, AdminHealthSystemUpdateRequest };

const BASE = '/api/v1/admin/health-systems';
const key = ['admin', 'health-systems'] as const;

export const useAdminHealthSystems = () =>
  useQuery({ queryKey: key, queryFn: () => api<AdminHealthSystemsResponse>(BASE) });

const useRefresh = () => {
  const client = useQueryClient();
  // The user-side endpoint search reads the same list.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: ['health-systems'] }),
    ]);
};

/** A User-access Brands bundle (FHIR JSON) as the vendor publishes it. */
export const useImportBrands = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (bundle: unknown) =>
      api<AdminBrandsImportResponse>(`${BASE}/brands`, { method: 'POST', body: bundle }),
    onSuccess: refresh,
  });
};

export const useAddEndpoint = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AdminHealthSystemCreateRequest) =>
      api<AdminHealthSystemEndpoint>(BASE, { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export const useUpdateEndpoint = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: AdminHealthSystemUpdateRequest & { id: string }) =>
      api<AdminHealthSystemEndpoint>(`${BASE}/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
};

export const useDeleteEndpoint = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
};
