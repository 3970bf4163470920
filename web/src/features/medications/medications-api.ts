import type {
  DoseListResponse,
  DoseResponse,
  MedicationScheduleListResponse,
  MedicationScheduleRequest,
  MedicationScheduleResponse,
  MedicationScheduleStopResponse,
  MedicationScheduleSummary,
  MedicationScheduleUpdateRequest,
} from '@healthfolio/core';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { notificationKeys, refreshNotifications } from '@/features/notifications/notifications-api';
import { api } from '@/lib/api';
import { dayStart, today } from './dose-status';

const PAGE = 50;

const dosesPath = (q: { from: string; to?: string; limit: number; cursor?: string | null }) => {
  const params = new URLSearchParams({ from: q.from, limit: String(q.limit) });
  if (q.to) params.set('to', q.to);
  if (q.cursor) params.set('cursor', q.cursor);
  return `/api/v1/medications/doses?${params}` as const;
};

/**
 * Doses from the start of a day onwards, due first, a page at a time. A daily schedule with a few
 * times is a hundred rows a month, so later ones load on demand. Keyed under the doses key so the
 * live stream and every mutation refresh it.
 */
export const useDoseList = (fromDay: string, timeZone: string) => {
  const from = dayStart(fromDay, timeZone);
  return useInfiniteQuery({
    queryKey: [...notificationKeys.doses, 'list', from],
    queryFn: ({ pageParam }) => api<DoseListResponse>(dosesPath({ from, limit: PAGE, cursor: pageParam })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

/**
 * Today's doses on the profile's wall clock, the day reckoned by the server: an address that does not
 * change with the clock, which the dashboard's HTML preloads. 24 times a day is the schedule's limit;
 * 200 covers several medications in full.
 */
export const TODAY_DOSES_PATH = '/api/v1/medications/doses?day=today&limit=200';

/** The dashboard card. Keyed by the local date, so a page left open past midnight asks again. */
export const useTodayDoses = (timeZone: string) =>
  useQuery({
    queryKey: [...notificationKeys.doses, 'today', today(timeZone)],
    queryFn: () => api<DoseListResponse>(TODAY_DOSES_PATH).then((r) => r.items),
  });

export const useCreateSchedule = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicationScheduleRequest) =>
      api<MedicationScheduleResponse>('/api/v1/medications/schedules', { method: 'POST', body }),
    onSuccess: () => refreshNotifications(client),
  });
};

const SCHEDULES = '/api/v1/medications/schedules';

/** The user's schedules, keyed under the doses key so every dose change refreshes them too. */
export const useSchedules = () =>
  useQuery({
    queryKey: [...notificationKeys.doses, 'schedules'],
    queryFn: () => api<MedicationScheduleListResponse>(SCHEDULES).then((r) => r.items),
  });

/** Change, stop or delete a schedule; the doses and the notification lists then load again. */
const useScheduleMutation = <V, R>(fn: (v: V) => Promise<R>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshNotifications(client) });
};

export const useUpdateSchedule = () =>
  useScheduleMutation(({ id, body }: { id: string; body: MedicationScheduleUpdateRequest }) =>
    api<MedicationScheduleSummary>(`${SCHEDULES}/${id}`, { method: 'PATCH', body }),
  );

export const useStopSchedule = () =>
  useScheduleMutation((id: string) =>
    api<MedicationScheduleStopResponse>(`${SCHEDULES}/${id}/stop`, { method: 'POST' }),
  );

export const useDeleteSchedule = () =>
  useScheduleMutation((id: string) => api<void>(`${SCHEDULES}/${id}`, { method: 'DELETE' }));

export const useMarkDose = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'take' | 'skip' | 'undo' }) =>
      api<DoseResponse>(`/api/v1/medications/doses/${id}/${action}`, { method: 'POST' }),
    onSuccess: (dose) => replaceDose(client, dose),
    // A 409 means another device already answered this dose: refreshing shows what it was.
    onSettled: () => refreshNotifications(client),
  });
};

type DosePages = InfiniteData<DoseListResponse, string | null>;

/** Puts an answered dose in place at once, before the refresh confirms it. */
export const replaceDose = (client: QueryClient, dose: DoseResponse) => {
  const swap = (items: DoseResponse[]) => items.map((d) => (d.id === dose.id ? dose : d));
  client.setQueriesData<DosePages>({ queryKey: [...notificationKeys.doses, 'list'] }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: swap(p.items) })) } : data,
  );
  client.setQueriesData<DoseResponse[]>({ queryKey: [...notificationKeys.doses, 'range'] }, (data) =>
    data ? swap(data) : data,
  );
};
