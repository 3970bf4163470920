import type { EntryResponse } from '@healthfolio/core';

/** An entry kept on this device until the connection returns. */
export interface QueuedEntry {
  queued: true;
  clientId: string;
}
export const isQueued = (r: EntryResponse | QueuedEntry): r is QueuedEntry => 'queued' in r;
