import type { EntryCreateRequest, EntryResponse } from '@healthfolio/core';
import { ApiError, api } from '@/lib/api';
import { isConnected, serverAnswers } from '@/lib/connection';
import type { QueuedEntry } from './queued-entry';
import { allItems, canSeal, removeAll, removeItem, seal, unseal } from './sealed-store';

export { isQueued, type QueuedEntry } from './queued-entry';

export interface PendingEntry {
  id: string;
  queuedAt: string;
  /** Null when this page cannot open it (it was queued by a page since closed). */
  entry: EntryCreateRequest | null;
}

const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const l of listeners) l();
};
export const queueVersion = {
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => version,
};

/** No answer, or the server out of reach. */
const offline = (error: unknown) => (error instanceof ApiError && error.status === 0) || !isConnected();

/** The same, asking the server when a proxy answered for it (502–504): is it down, or was it this request? */
const unanswered = async (error: unknown) =>
  offline(error) ||
  (error instanceof ApiError && error.status >= 502 && error.status <= 504 && !(await serverAnswers()));

/**
 * Sends an entry, or keeps it sealed on this device when there is no connection. The client id goes
 * with it both ways, so a send that reached the server but whose answer was lost is not doubled.
 */
export const sendOrQueueEntry = async (body: EntryCreateRequest): Promise<EntryResponse | QueuedEntry> => {
  const withId = { ...body, clientId: body.clientId ?? crypto.randomUUID() };
  const keep = async () => {
    await seal(withId.clientId, withId);
    changed();
    return { queued: true as const, clientId: withId.clientId };
  };
  if (!isConnected() && canSeal()) return keep();
  try {
    return await api<EntryResponse>('/api/v1/entries', { method: 'POST', body: withId });
  } catch (error) {
    if (canSeal() && (await unanswered(error))) return keep();
    throw error;
  }
};

export const pendingEntries = async (): Promise<PendingEntry[]> =>
  Promise.all(
    (await allItems()).map(async (item) => ({
      id: item.id,
      queuedAt: item.queuedAt,
      entry: (await unseal(item)) as EntryCreateRequest | null,
    })),
  );

export const discardEntries = async (ids: string[]) => {
  for (const id of ids) await removeItem(id);
  changed();
};

export const clearQueue = async () => {
  await removeAll();
  changed();
};

export interface FlushResult {
  sent: number;
  refused: { entry: EntryCreateRequest; message: string }[];
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends what this page can open, oldest first, each once: an answer (new or the replay's) removes
 * it; a refusal (the server found it invalid, say) removes it and is reported; no connection stops.
 */
export const flushQueue = () => {
  flushing ??= (async () => {
    const result: FlushResult = { sent: 0, refused: [] };
    try {
      for (const item of await pendingEntries()) {
        if (!item.entry) continue;
        try {
          await api<EntryResponse>('/api/v1/entries', { method: 'POST', body: item.entry });
          result.sent++;
        } catch (error) {
          if (offline(error) || (error instanceof ApiError && (error.status === 401 || error.status >= 500)))
            break;
          result.refused.push({ entry: item.entry, message: (error as Error).message });
        }
        await removeItem(item.id);
      }
    } finally {
      flushing = null;
      changed();
    }
    return result;
  })();
  return flushing;
};
