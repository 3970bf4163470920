import type { Tx } from '../../db/database';
import { type Announcer, announceNotices } from '../hypo/announce';
import { followUpAfterGlucoseWrite } from '../hypo/glucose-written';
import { insertReadings } from './glucose.repository';

/**
 * Readings from an outside source (a device, a Nightscout site or uploader) stored in the caller's
 * transaction, with the low-glucose follow-up hook every write of glucose goes through. `notices` are
 * the follow-up notifications to announce once the transaction has committed (`announceNotices`).
 */
export const writeReadings = async (
  tx: Tx,
  userId: string,
  bySource: Iterable<[string, { at: string; mgdl: number; trend?: string | null }[]]>,
) => {
  let inserted = 0;
  for (const [source, list] of bySource)
    if (list.length) inserted += await insertReadings(tx, userId, source, list);
  const notices = inserted > 0 ? await followUpAfterGlucoseWrite(tx, userId) : [];
  return { inserted, notices };
};

export { type Announcer, announceNotices };
