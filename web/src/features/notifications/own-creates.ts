import type { NotificationResponse } from '@healthfolio/core';

/**
 * Items this browser tab is creating right now. Their "Success" toast already tells the user, so
 * the live stream's echo of the same insert is listed but not announced a second time. The echo can
 * arrive before the POST's answer, hence marking before the request, matched by title and content.
 */
const pending = new Map<string, number>();
const ECHO_WINDOW_MS = 30_000;

const keyOf = (title: string, content: string) => `${title.trim()}\u0000${content.trim()}`;

export const expectOwnCreate = (body: { title: string; content: string }) => {
  pending.set(keyOf(body.title, body.content), Date.now() + ECHO_WINDOW_MS);
};

/** True once for the stream's copy of an item this tab created. */
export const isOwnCreate = (item: NotificationResponse) => {
  if (item.senderType !== 'user') return false;
  const key = keyOf(item.title, item.content);
  const until = pending.get(key);
  pending.delete(key);
  return until !== undefined && until >= Date.now();
};
