import type { NotificationResponse, NotificationTab } from '@healthfolio/core';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type NotificationPages, notificationKeys } from './notifications-api';

type TabTypes = Record<NotificationTab, readonly string[]>;

// List keys are ['notifications', 'list', tab, q]: an item belongs where its type is one of the tab's
// and, for a search (the notes screen), where its text contains the words searched for.
const belongsTo = (key: QueryKey, item: NotificationResponse, tabs: TabTypes) => {
  const [, , tab, q] = key as [string, string, NotificationTab, string];
  if (!tabs[tab]?.includes(item.type)) return false;
  const words = q?.trim().toLowerCase();
  return !words || `${item.title}\n${item.content}`.toLowerCase().includes(words);
};

const has = (data: NotificationPages, id: string) => data.pages.some((p) => p.items.some((n) => n.id === id));

/**
 * A new or newly due item goes on top of every loaded list it belongs to; a list that already has
 * it gets the fresh copy in place instead (the stream's echo of an item the list was refetched with).
 */
export const upsertInLists = (client: QueryClient, item: NotificationResponse, tabs: TabTypes) => {
  for (const [key, data] of client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists })) {
    if (!data || !belongsTo(key, item, tabs)) continue;
    const pages = has(data, item.id)
      ? data.pages.map((p) => ({ ...p, items: p.items.map((n) => (n.id === item.id ? item : n)) }))
      : data.pages.map((p, i) => (i === 0 ? { ...p, items: [item, ...p.items] } : p));
    client.setQueryData<NotificationPages>(key, { ...data, pages });
  }
};

export const removeFromLists = (client: QueryClient, id: string) => {
  client.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((n) => n.id !== id) })) }
      : data,
  );
};
