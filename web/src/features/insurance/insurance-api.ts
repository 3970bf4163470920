import type {
  BillCreateRequest,
  BillListResponse,
  BillResponse,
  ClaimCreateRequest,
  ClaimListResponse,
  ClaimResponse,
  InsuranceSettingsRequest,
  InsuranceSettingsResponse,
  PaymentCreateRequest,
  PlanCreateRequest,
  PlanListResponse,
  PlanResponse,
} from '@healthfolio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { BillResponse, ClaimResponse, InsuranceSettingsResponse, PlanResponse };

/** Every insurance query starts with `insurance`: a change refreshes the tabs and the dashboard card. */
export const insuranceKeys = {
  all: ['insurance'] as const,
  plans: ['insurance', 'plans'] as const,
  claims: ['insurance', 'claims'] as const,
  bills: ['insurance', 'bills'] as const,
  settings: ['insurance', 'settings'] as const,
};

const BASE = '/api/v1/insurance';

export const usePlans = () =>
  useQuery({
    queryKey: insuranceKeys.plans,
    queryFn: () => api<PlanListResponse>(`${BASE}/plans`),
    select: (d) => d.items,
  });
export const CLAIMS_PATH = `${BASE}/claims`;
export const useClaims = () =>
  useQuery({
    queryKey: insuranceKeys.claims,
    queryFn: () => api<ClaimListResponse>(CLAIMS_PATH),
    select: (d) => d.items,
  });
export const useBills = () =>
  useQuery({
    queryKey: insuranceKeys.bills,
    queryFn: () => api<BillListResponse>(`${BASE}/bills`),
    select: (d) => d.items,
  });
export const useInsuranceSettings = () =>
  useQuery({
    queryKey: insuranceKeys.settings,
    queryFn: () => api<InsuranceSettingsResponse>(`${BASE}/settings`),
  });

/** A save of a collection's record: POST to add, PATCH to edit; everything insurance is read again. */
const useSave = <Body, Res>(collection: 'plans' | 'claims' | 'bills') => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Body | Partial<Body> }) =>
      id
        ? api<Res>(`${BASE}/${collection}/${id}`, { method: 'PATCH', body })
        : api<Res>(`${BASE}/${collection}`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: insuranceKeys.all }),
  });
};

export const useSavePlan = () => useSave<PlanCreateRequest, PlanResponse>('plans');
export const useSaveClaim = () => useSave<ClaimCreateRequest, ClaimResponse>('claims');
export const useSaveBill = () => useSave<BillCreateRequest, BillResponse>('bills');

export const useRemove = (collection: 'plans' | 'claims' | 'bills') => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/${collection}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: insuranceKeys.all }),
  });
};

export const useRecordPayment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaymentCreateRequest }) =>
      api<BillResponse>(`${BASE}/bills/${id}/payments`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: insuranceKeys.all }),
  });
};

export const useSaveSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InsuranceSettingsRequest) =>
      api<InsuranceSettingsResponse>(`${BASE}/settings`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(insuranceKeys.settings, saved),
  });
};

export const exportPath = (year: number) => `${BASE}/export.csv?year=${year}` as const;
