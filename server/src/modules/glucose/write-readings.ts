import { latestAllowedMs } from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { sendWithNext } from '../../db/transaction-extras';
import { alarmsAfterGlucoseWrite } from '../alarms/alarm-judge';
import { judgedWindow } from '../alarms/alarms.repository';
import { type Announcer, announceNotices } from '../hypo/announce';
import { followUpAfterGlucoseWrite, nothingToFollowUp } from '../hypo/glucose-written';
import { lockUserFollowUps, lockUserFollowUpsStatement, recentReadingBounds } from '../hypo/hypo.repository';
import { insertReadings, insertReadingsSeeingLatest, type NewReading } from './glucose.repository';

/**
 * Readings from an outside source (a device, a Nightscout site or uploader) stored in the caller's
 * transaction, with the low-glucose follow-up hook every write of glucose goes through. `notices` are
 * the follow-up notifications to announce once the transaction has committed (`announceNotices`).
 * A reading dated in the future (beyond the clock skew core allows) is never stored: `future` counts them.
 */
export const writeReadings = async (tx: Tx, userId: string, bySource: Iterable<[string, NewReading[]]>) => {
  const now = new Date();
  const latest = latestAllowedMs(now.getTime());
  let future = 0;
  const lists: [string, NewReading[]][] = [];
  for (const [source, all] of bySource) {
    const list = all.filter((r) => Date.parse(r.at) <= latest);
    future += all.length - list.length;
    if (list.length) lists.push([source, list]);
  }
  const recent = recentReadingBounds(now);
  const isRecent = (r: { at: string }) => {
    const at = Date.parse(r.at);
    return at >= recent.from.getTime() && at <= recent.to.getTime();
  };
  let inserted = 0;
  // History only: no lock. The last insert also answers what the hook reads first (the newest recent
  // reading, whether a follow-up runs); only when that is low or a follow-up runs does the hook read
  // again, under the user's lock, as it always did.
  if (!lists.some(([, list]) => list.some(isRecent))) {
    for (const [source, list] of lists.slice(0, -1))
      inserted += await insertReadings(tx, userId, source, list);
    const lastList = lists.at(-1);
    if (!lastList) return { inserted, future, notices: [] };
    const last = await insertReadingsSeeingLatest(tx, userId, lastList[0], lastList[1], recent);
    inserted += last.inserted;
    const notices =
      inserted > 0 && !nothingToFollowUp(last) ? await followUpAfterGlucoseWrite(tx, userId, { now }) : [];
    return { inserted, future, notices };
  }
  // A recent reading (a phone's upload): the user's follow-up lock travels ahead of the first insert
  // and the last one answers what the hook reads first, so nothing low costs no round trip more.
  const lock = lockUserFollowUpsStatement(userId);
  if (!sendWithNext(tx, lock)) await lockUserFollowUps(tx, userId);
  for (const [source, list] of lists.slice(0, -1)) inserted += await insertReadings(tx, userId, source, list);
  const [source, list] = lists[lists.length - 1]!;
  const last = await insertReadingsSeeingLatest(tx, userId, source, list, recent, judgedWindow(now));
  inserted += last.inserted;
  const notices =
    inserted > 0
      ? await alarmsAfterGlucoseWrite(
          tx,
          userId,
          await followUpAfterGlucoseWrite(tx, userId, { now, seen: last }),
          // What the judge reads came with the last insert, which sees the batch's earlier ones.
          { now, seen: last.judged },
        )
      : [];
  return { inserted, future, notices };
};

export { type Announcer, announceNotices };
