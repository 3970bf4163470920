import type {
  NotificationCreateRequest,
  NotificationListResponse,
  NotificationResponse,
  NotificationTab,
  NotificationUpdateRequest,
  TestNotificationResponse,
  UnreadCountsResponse,
} from '@healthfolio/core';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { expectOwnCreate } from './own-creates';

export type { NotificationResponse, NotificationTab, UnreadCountsResponse };

/**
 * Every notifications query starts with `notifications`, so one invalidation refreshes lists, counts
 * and doses alike (a dose is a reminder row). The live stream and every mutation use these keys.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (tab: NotificationTab, q = '') => ['notifications', 'list', tab, q] as const,
  counts: ['notifications', 'unread-counts'] as const,
  scheduled: ['notifications', 'scheduled'] as const,
  scheduledIn: (tab: NotificationTab) => ['notifications', 'scheduled', tab] as const,
  doses: ['notifications', 'doses'] as const,
};

const PAGE = 50;

const listPath = (tab: NotificationTab, q: string, cursor: string | null, scheduled = false) => {
  const params = new URLSearchParams({ tab, limit: String(PAGE) });
  if (scheduled) params.set('when', 'scheduled');
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return `/api/v1/notifications?${params}` as const;
};

export type NotificationPages = InfiniteData<NotificationListResponse, string | null>;

/** A tab's notifications, newest first, page by page (the server's keyset cursor). */
export const useNotificationList = (tab: NotificationTab, q = '', enabled = true) =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(tab, q),
    queryFn: ({ pageParam }) => api<NotificationListResponse>(listPath(tab, q, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });

/**
 * The user's own reminders still to come, soonest first. They are not in the lists above until due;
 * the live stream's due event moves one over (and the scheduler adds a repeating one's next time here).
 */
export const useScheduledReminders = (tab: NotificationTab, enabled = true) =>
  useInfiniteQuery({
    queryKey: notificationKeys.scheduledIn(tab),
    queryFn: ({ pageParam }) => api<NotificationListResponse>(listPath(tab, '', pageParam, true)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });

/** The loaded items of a list, flattened. */
export const itemsOf = (data: { pages: NotificationListResponse[] } | undefined): NotificationResponse[] =>
  data?.pages.flatMap((p) => p.items) ?? [];

/** Unread items per tab: the tab badges and the header's bell. */
export const useUnreadCounts = (enabled = true) =>
  useQuery({
    queryKey: notificationKeys.counts,
    queryFn: () => api<UnreadCountsResponse>('/api/v1/notifications/unread-counts'),
    enabled,
  });

/** Puts a changed item in place in every loaded list (a read, a completion, an edit). */
export const replaceInLists = (client: QueryClient, item: NotificationResponse) => {
  client.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((n) => (n.id === item.id ? item : n)),
          })),
        }
      : data,
  );
};

/** After any change: lists, counts and doses are fetched again from the server. */
export const refreshNotifications = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: notificationKeys.all });

export const useCreateNotification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationCreateRequest) =>
      api<NotificationResponse>('/api/v1/notifications', { method: 'POST', body }),
    onMutate: expectOwnCreate,
    onSuccess: () => refreshNotifications(client),
  });
};

/** Mark read, complete, or edit a note. The changed card is replaced at once, then all refresh. */
export const useUpdateNotification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: NotificationUpdateRequest & { id: string }) =>
      api<NotificationResponse>(`/api/v1/notifications/${id}`, { method: 'PATCH', body }),
    onSuccess: (item) => {
      replaceInLists(client, item);
      return refreshNotifications(client);
    },
  });
};

/** Deletes a note or a reminder the user set (a repeating one's waiting next time goes too). */
export const useDeleteNotification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/v1/notifications/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshNotifications(client),
  });
};
/** The notes screen's name for the same delete. */
export const useDeleteNote = useDeleteNotification;

/** Settings → Reminders: a test item sent the way due reminders arrive (its toast comes over the stream). */
export const useSendTestNotification = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TestNotificationResponse>('/api/v1/notifications/test', { method: 'POST' }),
    onSuccess: () => refreshNotifications(client),
  });
};
