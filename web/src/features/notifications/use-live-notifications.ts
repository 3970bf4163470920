import type { NotificationResponse } from '@healthfolio/core';
import { NOTIFICATION_TABS, waitsForDueTime } from '@healthfolio/core/notifications/notification-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { ActingView } from '@/features/household/household-shell';
import { lowAlertToastOptions } from '@/features/trackers/low-alert-toast';
import { removeFromLists, upsertInLists } from './live-cache';
import { notificationKeys, refreshNotifications, replaceInLists } from './notifications-api';
import { isOwnCreate } from './own-creates';

export const STREAM_PATH = '/api/v1/notifications/stream';

/** The stream's events carry the person they are about (core's STREAM_PERSON_FIELD). */
type StreamItem = NotificationResponse & { personId?: string };

/**
 * In a household the title names the person it is about ("Mia: Low glucose"), unless it already
 * does; an account without wards sees the title alone.
 */
const titleFor = (item: StreamItem, acting: ActingView | null) => {
  if (!acting || acting.people.length < 2) return item.title;
  const person = acting.people.find((p) => p.id === item.personId);
  if (!person || item.title.includes(person.displayName)) return item.title;
  return `${person.displayName}: ${item.title}`;
};

/** Spec §4: a live item is announced with its title and content; urgent ones in the alarming style. */
const announce = (item: StreamItem, acting: ActingView | null) => {
  const show = item.priority === 'urgent' ? toast.error : toast;
  // A low-glucose follow-up's alert takes the place of the log dialog's low toast (issue 30).
  const lowAlert = typeof item.metadata.hypoFollowUpId === 'string' && item.type === 'alert';
  show(titleFor(item, acting), {
    description: item.content,
    ...(lowAlert ? lowAlertToastOptions(item.priority === 'urgent') : {}),
  });
};

const parse = <T>(event: Event): T | null => {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
};

/**
 * The signed-in dashboard's live feed (spec §4): new, due, changed and deleted notifications reach
 * every open list, the unread counts and the dose list without a reload. The browser reconnects by
 * itself after a drop (the server sends `retry:`); the stream closes when the dashboard unmounts,
 * which is what signing out does.
 */
/** After the server refused the stream (a 503 while the database is away, a 502 from a proxy). */
export const STREAM_RETRY_MS = 5_000;

export function useLiveNotifications(enabled: boolean, acting: ActingView | null = null) {
  const client = useQueryClient();
  // The household changes without reconnecting the stream: the handlers read the latest.
  const actingRef = useRef(acting);
  actingRef.current = acting;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // A medication schedule arrives as dozens of events at once: refetch counts and doses once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshCounts = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        client.invalidateQueries({ queryKey: notificationKeys.counts });
        // A reminder set for later, one come due, or a repeating one's next time (the scheduler's).
        client.invalidateQueries({ queryKey: notificationKeys.scheduled });
        client.invalidateQueries({ queryKey: notificationKeys.doses });
        // A glucose alarm raised, acknowledged or snoozed arrives as a notice: the Alarms card too.
        client.invalidateQueries({ queryKey: ['notifications', 'glucose-alarms'] });
      }, 150);
    };
    // The stream carries the account's own person and every unmuted ward; the lists, counts and
    // doses in the cache are the person on show's, so another person's event is only announced.
    const onShow = (item: { personId?: string }) => {
      const view = actingRef.current;
      return !item.personId || !view || item.personId === view.person.id;
    };
    const arrived = (announceIt: (item: NotificationResponse) => boolean) => (event: Event) => {
      const item = parse<StreamItem>(event);
      if (!item) return;
      const here = onShow(item);
      // A reminder set for later waits in the scheduled list until due, as in the server's lists.
      if (here && !waitsForDueTime(item)) upsertInLists(client, item, NOTIFICATION_TABS);
      if (announceIt(item)) announce(item, actingRef.current);
      if (here) refreshCounts();
    };
    const handlers: Record<string, (event: Event) => void> = {
      // An item with a due date is announced when it falls due (the server sends notification.due),
      // so a reminder set for tonight does not pop up now, and a medication schedule stays quiet.
      'notification.created': arrived((item) => !item.dueDate && !isOwnCreate(item)),
      'notification.due': arrived(() => true),
      'notification.updated': (event) => {
        const item = parse<StreamItem>(event);
        if (!item || !onShow(item)) return;
        replaceInLists(client, item);
        refreshCounts();
      },
      'notification.deleted': (event) => {
        const gone = parse<{ id: string; personId?: string }>(event);
        if (!gone || !onShow(gone)) return;
        if (gone.id) removeFromLists(client, gone.id);
        refreshCounts();
      },
      resync: () => refreshNotifications(client),
      // The server listens for every person of the account: the page is live (tests wait for it).
      ready: () => {
        document.documentElement.dataset.live = 'on';
      },
    };

    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let interrupted = false;
    const connect = () => {
      const next = new EventSource(STREAM_PATH);
      source = next;
      for (const [name, handler] of Object.entries(handlers)) next.addEventListener(name, handler);
      // Events sent while the stream was down are gone: after any reconnection, read everything again.
      next.addEventListener('open', () => {
        if (interrupted) refreshNotifications(client);
        interrupted = false;
      });
      // The browser retries a dropped connection by itself, but gives up for good when the server
      // answers with an error status; try again a little later, as long as the page is open.
      next.addEventListener('error', () => {
        interrupted = true;
        delete document.documentElement.dataset.live;
        if (next.readyState !== EventSource.CLOSED) return;
        clearTimeout(retry);
        retry = setTimeout(connect, STREAM_RETRY_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
      source?.close();
      delete document.documentElement.dataset.live;
    };
  }, [enabled, client]);
}
