import type { AppDeps } from '../../app-deps';
import { lockSpentPackets, markFileDeleted } from './packets.repository';

const BATCH = 100;

/**
 * Deletes the encrypted files of packets whose link no longer opens (expired at `now`, revoked or
 * locked after ten wrong passcodes) and records it on the packet, which stays in the owner's list.
 * A file that cannot be deleted (storage down) rolls its batch back: the next run tries again, and
 * deleting an already deleted file is harmless.
 */
export const sweepSpentPackets = async ({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, now: Date) => {
  let deleted = 0;
  for (;;) {
    const batch = await db.asSystem(async (tx) => {
      const due = await lockSpentPackets(tx, now, BATCH);
      for (const packet of due) {
        await storage.delete(packet.storageId);
        await markFileDeleted(tx, packet.id);
      }
      return due.length;
    });
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
};
