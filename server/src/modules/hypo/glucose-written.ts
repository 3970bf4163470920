import { isLowGlucose, isUrgentLowGlucose } from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import { readingFacts, storeFollowUpNotice } from './follow-up-notices';
import {
  followUpsEnabled,
  insertFollowUp,
  lockUserFollowUps,
  selectActiveFollowUp,
  selectLatestRecentReading,
  selectRecentFollowUp,
  stopFollowUpsOfReading,
  updateFollowUp,
} from './hypo.repository';
import { hypoMessages } from './hypo-messages';

/** Notifications stored by the hook, to announce on the bus once the transaction has committed. */
export type NoticeIds = string[];

/**
 * What the hook reads first, already read by the write itself (`insertReadingsSeeingLatest`) with
 * the user's follow-up lock held since before it: the latest recent reading, and whether a follow-up
 * was active.
 */
export interface SeenAfterWrite {
  latest: { valueMgdl: number; at: Date } | null;
  active: boolean;
}

/** No recent reading, or one that is not low while no follow-up runs: the hook would do nothing. */
export const nothingToFollowUp = (seen: SeenAfterWrite) =>
  !seen.latest || (!seen.active && !isLowGlucose(seen.latest.valueMgdl));

/**
 * THE hook every path that writes glucose readings calls, in its own transaction, after writing
 * (the log dialog, edits, imports, and any device sync to come). It looks at the user's newest recent
 * reading rather than at what was just written, so a run of low CGM readings, one at a time or 5,000
 * in one import, makes one follow-up, and old imported lows make none:
 * - low, none active: start one (urgent below 54), unless the user turned follow-ups off; a follow-up
 *   that recovered less than 30 minutes ago is resumed instead, so a reading flapping around 70 does not
 *   page the user every 10 minutes;
 * - low below 54 while a non-urgent one is active: it becomes urgent, with an urgent alert;
 * - at or above 70 after the low: the active follow-up has recovered.
 */
export const followUpAfterGlucoseWrite = async (
  tx: Tx,
  userId: string,
  opts: { now?: Date; force?: boolean; seen?: SeenAfterWrite } = {},
): Promise<NoticeIds> => {
  const now = opts.now ?? new Date();
  const seen = opts.seen;
  const latest = seen ? seen.latest : await selectLatestRecentReading(tx, userId, now);
  if (!latest) return [];
  // Nothing low and nothing to recover: what the lock and the active follow-up's row would decide.
  if (seen && nothingToFollowUp(seen)) return [];
  // One writer per user at a time from here: two imports landing together must not both start (or
  // resume) a follow-up. Taken only when a recent reading exists, so importing history costs nothing.
  if (!seen) await lockUserFollowUps(tx, userId);
  const active = await selectActiveFollowUp(tx, userId);

  if (!isLowGlucose(latest.valueMgdl)) {
    if (active && latest.at > active.readingAt) {
      await updateFollowUp(tx, userId, active.id, { status: 'recovered', endedAt: now, nextDueAt: null });
      await recordAudit(tx, userId, 'update', 'hypo_follow_up', active.id, { step: 'recovered' });
    }
    return [];
  }

  const urgent = isUrgentLowGlucose(latest.valueMgdl);
  if (active) {
    if (!urgent || active.urgent) return [];
    await updateFollowUp(tx, userId, active.id, { urgent: true });
    await recordAudit(tx, userId, 'update', 'hypo_follow_up', active.id, { step: 'urgent' });
    const facts = await readingFacts(tx, userId, latest.valueMgdl, latest.at);
    return [await storeFollowUpNotice(tx, userId, active.id, 'urgent', hypoMessages.alert(facts, true))];
  }

  if (!opts.force && !(await followUpsEnabled(tx, userId))) return [];

  const recent = await selectRecentFollowUp(tx, userId, now);
  if (recent?.status === 'recovered') {
    await updateFollowUp(tx, userId, recent.id, {
      status: 'active',
      endedAt: null,
      nextDueAt: recent.recheckSentAt ? recent.escalateDueAt : recent.recheckDueAt,
    });
    await recordAudit(tx, userId, 'update', 'hypo_follow_up', recent.id, { step: 'resumed' });
    return [];
  }

  const id = await insertFollowUp(tx, {
    userId,
    valueMgdl: latest.valueMgdl,
    readingAt: latest.at,
    urgent,
    now,
  });
  if (!id) return [];
  await recordAudit(tx, userId, 'create', 'hypo_follow_up', id, { urgent, forced: opts.force === true });
  const facts = await readingFacts(tx, userId, latest.valueMgdl, latest.at);
  return [await storeFollowUpNotice(tx, userId, id, 'alert', hypoMessages.alert(facts, urgent))];
};

/**
 * A low logged by mistake and deleted must not page anyone: the active follow-up it started stops.
 * Called by every path that deletes a glucose reading, in its transaction.
 */
export const followUpAfterReadingDeleted = async (tx: Tx, userId: string, readingAt: Date) => {
  for (const { id } of await stopFollowUpsOfReading(tx, userId, readingAt, new Date()))
    await recordAudit(tx, userId, 'update', 'hypo_follow_up', id, { step: 'reading_deleted' });
};

/**
 * The same for many readings at once (a Nightscout app deleting a time range): the one active
 * follow-up is read and stopped when its reading is among them, whatever the number deleted.
 */
export const followUpAfterReadingsDeleted = async (tx: Tx, userId: string, readingTimes: Date[]) => {
  const active = await selectActiveFollowUp(tx, userId);
  if (!active) return;
  const started = new Date(active.readingAt).getTime();
  if (readingTimes.some((t) => t.getTime() === started))
    await followUpAfterReadingDeleted(tx, userId, new Date(active.readingAt));
};
