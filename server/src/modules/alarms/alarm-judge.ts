import {
  type GlucoseAlarmKind,
  type GlucoseAlarmSettings,
  type GlucoseUnit,
  isLiveGlucoseSource,
  judgeGlucoseAlarms,
} from '@healthfolio/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { notifications } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { keptByGuardians } from '../household/household.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { findProfile } from '../profiles/profiles.repository';
import { type AlarmFacts, alarmMessage } from './alarm-messages';
import {
  alarmSettingsOf,
  type GlucoseAlarmRow,
  insertAlarm,
  selectAlarmSettings,
  selectJudgedReadings,
  selectNewestReading,
  selectOpenAlarms,
  updateAlarm,
} from './alarms.repository';

/** What the person's readings say at `now`: the conditions true, and the reading behind them. */
export const judgeNow = async (tx: Tx, userId: string, now: Date) => {
  let { readings, continuous } = await selectJudgedReadings(tx, userId, now);
  if (!readings.length) {
    const newest = await selectNewestReading(tx, userId);
    if (newest) {
      readings = [newest];
      continuous = isLiveGlucoseSource(newest.source);
    }
  }
  const settings = await selectAlarmSettings(tx, userId);
  return judgeGlucoseAlarms(readings, settings, now, { continuous });
};

export const personFacts = async (tx: Tx, userId: string) => {
  const p = await findProfile(tx, userId);
  return {
    personName: p?.displayName || 'A Healthfolio user',
    kept: await keptByGuardians(tx, userId),
    unit: (p?.glucoseUnit ?? 'mg/dL') as GlucoseUnit,
    timeZone: p?.timezone ?? 'UTC',
  };
};

export const factsOf = async (
  tx: Tx,
  a: GlucoseAlarmRow,
  predictedMgdl?: number | null,
): Promise<AlarmFacts> => ({
  ...(await personFacts(tx, a.userId)),
  kind: a.kind as GlucoseAlarmKind,
  valueMgdl: a.valueMgdl,
  readingAt: a.readingAt,
  predictedMgdl: predictedMgdl ?? null,
});

/**
 * A new alarm episode and its in-app notice, in the caller's transaction; the notice id is announced
 * (live stream, pushes) once it commits. None when an episode of that kind is already open.
 */
export const raiseAlarm = async (
  tx: Tx,
  userId: string,
  kind: GlucoseAlarmKind,
  now: Date,
  latest: { t: number; mgdl: number } | null,
  predictedMgdl: number | null,
  followUpNotice?: string,
) => {
  const row = await insertAlarm(tx, {
    userId,
    kind,
    raisedAt: now,
    valueMgdl: kind === 'stale' ? null : (latest?.mgdl ?? null),
    readingAt: latest ? new Date(latest.t) : null,
  });
  if (!row) return null;
  await recordAudit(tx, userId, 'create', 'glucose_alarm', row.id, { kind });
  if (followUpNotice && (kind === 'low' || kind === 'urgent_low')) {
    // The follow-up's notice of the same reading (with what to do now) is this alarm's in-app notice.
    await tx
      .update(notifications)
      .set({
        metadata: sql`${notifications.metadata} || ${JSON.stringify({ glucoseAlarmId: row.id, alarmKind: kind })}::jsonb`,
      })
      .where(and(eq(notifications.userId, userId), eq(notifications.id, followUpNotice)));
    await updateAlarm(tx, userId, row.id, { inApp: followUpNotice });
    return followUpNotice;
  }
  // The in-app notice is the person's own (their guardians read a kept person's).
  const m = alarmMessage(await factsOf(tx, row, predictedMgdl), 'person');
  const [notice] = await insertNotifications(tx, [
    {
      userId,
      title: m.title,
      content: m.content,
      type: 'alert',
      priority: m.urgent ? 'urgent' : 'high',
      senderName: 'Healthfolio',
      senderType: 'system',
      recipientType: 'patient',
      metadata: { glucoseAlarmId: row.id, alarmKind: kind },
    },
  ]);
  await updateAlarm(tx, userId, row.id, { inApp: notice!.id });
  await recordAudit(tx, userId, 'create', 'notification', notice!.id, { sender: 'system', kind });
  return notice!.id;
};

export const endAlarm = async (tx: Tx, a: GlucoseAlarmRow, now: Date, why: string) => {
  await updateAlarm(tx, a.userId, a.id, { endedAt: now });
  await recordAudit(tx, a.userId, 'update', 'glucose_alarm', a.id, { step: why });
};

/** What the judge reads, as an upload's insert already read it (`insertReadingsSeeingLatest`'s `judged`). */
export interface SeenByInsert {
  readings: { at: Date; mgdl: number }[];
  newestSource: string | null;
  settings: Partial<GlucoseAlarmSettings> | null;
  openAlarms: number;
}

/**
 * THE alarm hook, called next to `followUpAfterGlucoseWrite` by every path that writes readings, in
 * its transaction: ends the open alarms whose condition cleared and raises the new ones (one per
 * episode: an open alarm, snoozed or not, is not raised again). "No recent readings" is raised by the
 * scheduler only; a reading arriving ends it here. `followUpNotices`: what the follow-up hook stored for
 * the same write; a low alarm takes the follow-up's notice as its own instead of adding a second one.
 * Returns every notice to announce after commit (the follow-up's and the alarms').
 */
export const alarmsAfterGlucoseWrite = async (
  tx: Tx,
  userId: string,
  followUpNotices: string[],
  opts: { now?: Date; seen?: SeenByInsert } = {},
) => {
  const now = opts.now ?? new Date();
  const seen = opts.seen;
  const { readings, continuous } = seen
    ? {
        readings: seen.readings,
        continuous: seen.newestSource !== null && isLiveGlucoseSource(seen.newestSource),
      }
    : await selectJudgedReadings(tx, userId, now);
  // Nothing recent (history imported): nothing to judge, and nothing costs more than this query.
  if (!readings.length) return followUpNotices;
  const settings = seen ? alarmSettingsOf(seen.settings) : await selectAlarmSettings(tx, userId);
  const j = judgeGlucoseAlarms(readings, settings, now, { continuous });
  const open = seen && seen.openAlarms === 0 ? [] : await selectOpenAlarms(tx, userId);
  for (const a of open) if (!j.active.has(a.kind as GlucoseAlarmKind)) await endAlarm(tx, a, now, 'cleared');
  const notices = [...followUpNotices];
  for (const kind of j.active) {
    if (kind === 'stale' || open.some((a) => a.kind === kind)) continue;
    const id = await raiseAlarm(tx, userId, kind, now, j.latest, j.predictedMgdl, followUpNotices[0]);
    if (id && !notices.includes(id)) notices.push(id);
  }
  return notices;
};

/**
 * THE alarm hook of every path that deletes glucose readings (a blood-glucose entry, a Nightscout
 * upload), in its transaction, next to `followUpAfterReadingDeleted`: the person's open alarms are
 * judged again from the readings that remain, and those whose condition no longer holds end (a low
 * logged by mistake and deleted stops paging). Nothing is raised here: a deletion never starts an alarm.
 */
export const alarmsAfterReadingDeleted = async (tx: Tx, userId: string, opts: { now?: Date } = {}) => {
  const open = await selectOpenAlarms(tx, userId);
  if (!open.length) return;
  const now = opts.now ?? new Date();
  const j = await judgeNow(tx, userId, now);
  for (const a of open)
    if (!j.active.has(a.kind as GlucoseAlarmKind)) await endAlarm(tx, a, now, 'reading_deleted');
};
