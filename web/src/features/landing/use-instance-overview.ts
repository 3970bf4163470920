import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What the server says about itself (public): maintenance, registration, usage figures if shown. */
export interface InstanceOverview {
  maintenance: { enabled: boolean; message: string | null };
  registration: { open: boolean; requiresApproval: boolean };
  usage: { accounts: number; entriesLogged: number; caregivers: number } | null;
}

// Typed here rather than imported from core: the landing page stays free of zod (first-load budget).
export const useInstanceOverview = () =>
  useQuery({
    queryKey: ['public', 'overview'],
    queryFn: () => api<InstanceOverview>('/api/v1/public/overview'),
    staleTime: 60_000,
    retry: false,
  });
