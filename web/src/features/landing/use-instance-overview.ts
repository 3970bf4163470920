import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What the server says about itself (public): maintenance, registration, usage figures if shown. */
export interface InstanceOverview {
  maintenance: { enabled: boolean; message: string | null };
  registration: { open: boolean; requiresApproval: boolean };
  usage: { accounts: number; entriesLogged: number; caregivers: number } | null;
  /** What this instance is set up to do; the landing page claims nothing beyond it. */
  features: {
    ai: 'none' | 'this_server' | 'outside';
    devices: boolean;
    uploadLimitBytes: number;
    /** The kinds of health system a person can connect here; empty when none is set up. */
    healthSystems: ('provider' | 'payer')[];
  };
}

/** Where the records live and who else reads them, as true of this instance; null until it is known. */
export const privacySentence = (features: InstanceOverview['features'] | undefined) => {
  if (!features) return null;
  if (features.ai === 'outside')
    return 'Your records are kept on this server; questions you ask the assistant go to an outside AI service.';
  return 'Your records stay on this server.';
};

// Typed here rather than imported from core: the landing page stays free of zod (first-load budget).
export const useInstanceOverview = () =>
  useQuery({
    queryKey: ['public', 'overview'],
    queryFn: () => api<InstanceOverview>('/api/v1/public/overview'),
    staleTime: 60_000,
    retry: false,
  });
