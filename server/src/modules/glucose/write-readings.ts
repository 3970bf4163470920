import { latestAllowedMs } from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { type Announcer, announceNotices } from '../hypo/announce';
import { followUpAfterGlucoseWrite } from '../hypo/glucose-written';
import { insertReadings } from './glucose.repository';

/**
 * Readings from an outside source (a device, a Nightscout site or uploader) stored in the caller's
 * transaction, with the low-glucose follow-up hook every write of glucose goes through. `notices` are
 * the follow-up notifications to announce once the transaction has committed (`announceNotices`).
 * A reading dated in the future (beyond the clock skew core allows) is never stored: `future` counts them.
 */
export const writeReadings = async (
  tx: Tx,
  userId: string,
  bySource: Iterable<[string, { at: string; mgdl: number; trend?: string | null }[]]>,
) => {
  const latest = latestAllowedMs();
  let inserted = 0;
  let future = 0;
  for (const [source, all] of bySource) {
    const list = all.filter((r) => Date.parse(r.at) <= latest);
    future += all.length - list.length;
    if (list.length) inserted += await insertReadings(tx, userId, source, list);
  }
  const notices = inserted > 0 ? await followUpAfterGlucoseWrite(tx, userId) : [];
  return { inserted, future, notices };
};

export { type Announcer, announceNotices };
