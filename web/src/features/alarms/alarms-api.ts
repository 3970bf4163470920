import type {
  GlucoseAlarmListResponse,
  GlucoseAlarmResponse,
  GlucoseAlarmSettingsRequest,
  GlucoseAlarmSettingsResponse,
} from '@healthfolio/core/glucose/alarms.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const PATH = '/api/v1/glucose/alarms';

/** Under `notifications`, so the live stream's refresh (a new alarm is a notice) reloads them too. */
export const alarmKeys = {
  history: ['notifications', 'glucose-alarms'] as const,
  settings: ['glucose-alarm-settings'] as const,
};

/** The history a page at a time, newest first ("Show older" asks for the next). */
export const useAlarmHistory = () =>
  useInfiniteQuery({
    queryKey: alarmKeys.history,
    queryFn: ({ pageParam }) =>
      api<GlucoseAlarmListResponse>(pageParam ? `${PATH}?cursor=${encodeURIComponent(pageParam)}` : PATH),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAlarmSettings = () =>
  useQuery({
    queryKey: alarmKeys.settings,
    queryFn: () => api<GlucoseAlarmSettingsResponse>(`${PATH}/settings`),
  });

export const useSaveAlarmSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GlucoseAlarmSettingsRequest) =>
      api<GlucoseAlarmSettingsResponse>(`${PATH}/settings`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(alarmKeys.settings, saved),
  });
};

const useAlarmAction = <V>(call: (v: V) => Promise<GlucoseAlarmResponse>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.history }),
  });
};

export const useAcknowledgeAlarm = () =>
  useAlarmAction((id: string) => api<GlucoseAlarmResponse>(`${PATH}/${id}/acknowledge`, { method: 'POST' }));

export const useSnoozeAlarm = () =>
  useAlarmAction(({ id, minutes }: { id: string; minutes: number }) =>
    api<GlucoseAlarmResponse>(`${PATH}/${id}/snooze`, { method: 'POST', body: { minutes } }),
  );
