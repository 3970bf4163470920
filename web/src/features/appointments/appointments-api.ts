import type {
  AppointmentFields,
  AppointmentListResponse,
  AppointmentResponse,
  CalendarFeedResponse,
} from '@healthfolio/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { AppointmentFields, AppointmentResponse, CalendarFeedResponse };
export type AppointmentWhen = 'upcoming' | 'past';

/** Every appointments query starts with `appointments`: a change refreshes both lists and the dashboard card. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (when: AppointmentWhen) => ['appointments', 'list', when] as const,
  feed: ['calendar-feed'] as const,
};

const BASE = '/api/v1/appointments';

/** Upcoming: soonest first; past (over or cancelled): latest first. The server orders both. */
export const appointmentsPath = (when: AppointmentWhen) => `${BASE}?when=${when}` as const;
export const useAppointments = (when: AppointmentWhen) =>
  useQuery({
    queryKey: appointmentKeys.list(when),
    queryFn: () => api<AppointmentListResponse>(appointmentsPath(when)),
    select: (data) => data.items,
  });

/** An appointment's calendar file (saved through `downloadFile`, so a refusal is reported, not saved). */
export const icsPath = (id: string) => `${BASE}/${id}/calendar.ics` as const;

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: appointmentKeys.all });

export const useSaveAppointment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AppointmentFields }) =>
      id
        ? api<AppointmentResponse>(`${BASE}/${id}`, { method: 'PATCH', body })
        : api<AppointmentResponse>(BASE, { method: 'POST', body }),
    onSuccess: () => refresh(client),
  });
};

export const useCancelAppointment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<AppointmentResponse>(`${BASE}/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => refresh(client),
  });
};

export const useDeleteAppointment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(client),
  });
};

const FEED = '/api/v1/calendar/feed';

/** Whether a private feed exists; its address is known only in the answer that created it. */
export const useCalendarFeed = () =>
  useQuery({ queryKey: appointmentKeys.feed, queryFn: () => api<CalendarFeedResponse>(FEED) });

export const useCreateCalendarFeed = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeedResponse>(FEED, { method: 'POST' }),
    onSuccess: (feed) => client.setQueryData(appointmentKeys.feed, feed),
  });
};

export const useRevokeCalendarFeed = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(FEED, { method: 'DELETE' }),
    onSuccess: () =>
      client.setQueryData<CalendarFeedResponse>(appointmentKeys.feed, {
        active: false,
        url: null,
        webcalUrl: null,
        createdAt: null,
      }),
  });
};
