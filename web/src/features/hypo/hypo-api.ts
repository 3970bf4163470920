import type {
  HypoFollowUpListResponse,
  HypoFollowUpResponse,
  HypoSettingsResponse,
} from '@healthfolio/core/glucose/hypo.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diabetesKeys } from '@/features/diabetes/glucose-api';
import { api } from '@/lib/api';

const keys = { settings: ['hypo', 'settings'] as const, followUps: ['hypo', 'follow-ups'] as const };

export const useHypoSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: () => api<HypoSettingsResponse>('/api/v1/hypo/settings') });

export const useUpdateHypoSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<HypoSettingsResponse>('/api/v1/hypo/settings', { method: 'PUT', body: { enabled } }),
    onSuccess: (data) => {
      client.setQueryData(keys.settings, data);
      void client.invalidateQueries({ queryKey: keys.followUps });
    },
  });
};

export const useFollowUps = () =>
  useQuery({
    queryKey: keys.followUps,
    queryFn: () => api<HypoFollowUpListResponse>('/api/v1/hypo/follow-ups'),
  });

/** Logs the low reading now and starts its follow-up (or answers the one already running). */
export const useStartFollowUp = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (glucoseMgdl: number) =>
      api<HypoFollowUpResponse>('/api/v1/hypo/follow-ups', { method: 'POST', body: { glucoseMgdl } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.followUps }),
        client.invalidateQueries({ queryKey: diabetesKeys.glucose }),
        client.invalidateQueries({ queryKey: diabetesKeys.entries }),
      ]),
  });
};
