import {
  GLUCOSE_ALARM_LABELS,
  type GlucoseAlarmKind,
  type GlucoseAlarmListQuery,
  type GlucoseAlarmListResponse,
  type GlucoseAlarmSettings,
  snoozeLimitFor,
} from '@healthfolio/core';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { LiveNotifier } from '../notifications/live-notifications.service';
import { decodeCursor, encodeCursor } from '../notifications/notifications.presenter';
import { findProfile } from '../profiles/profiles.repository';
import type { PushClient } from '../push/push.client';
import { sendPush } from '../push/push.service';
import { alarmTag, guardiansOf } from './alarm-delivery';
import { personFacts } from './alarm-judge';
import { snoozedMessage } from './alarm-messages';
import { presentAlarm } from './alarms.presenter';
import {
  selectAlarm,
  selectAlarmHistory,
  selectAlarmSettings,
  updateAlarm,
  upsertAlarmSettings,
} from './alarms.repository';

/** A page of the history, newest first; paged by the same opaque keyset cursor as notifications. */
export const listAlarms = async (
  db: Database,
  userId: string,
  q: GlucoseAlarmListQuery,
): Promise<GlucoseAlarmListResponse> => {
  const before = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await db.readAsUser(userId, (tx) => selectAlarmHistory(tx, userId, q.limit + 1, before));
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(presentAlarm),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.raisedAt, last.id) : null,
  };
};

export const getAlarmSettings = (db: Database, userId: string) =>
  db.readAsUser(userId, (tx) => selectAlarmSettings(tx, userId));

export const saveAlarmSettings = (db: Database, userId: string, settings: GlucoseAlarmSettings) =>
  db.asUser(userId, async (tx) => {
    await upsertAlarmSettings(tx, userId, settings);
    await recordAudit(tx, userId, 'update', 'glucose_alarm_settings', userId);
    return selectAlarmSettings(tx, userId);
  });

/** The name an acknowledgement or snooze shows: the account's own display name. */
const nameOf = async (db: Database, accountId: string) =>
  (await db.readAsUser(accountId, (tx) => findProfile(tx, accountId)))?.displayName || 'Someone';

/** An open alarm of the person, or 404 (someone else's answers the same as a missing one). */
const openAlarm = async (db: Database, userId: string, id: string) => {
  const a = await db.readAsUser(userId, (tx) => selectAlarm(tx, userId, id));
  if (!a) throw notFound('No alarm with this id');
  if (a.endedAt) throw new ProblemError(409, 'alarm_ended', 'This alarm has already ended.');
  return a;
};

export const acknowledgeAlarm = async (
  deps: { db: Database; notifier: Pick<LiveNotifier, 'announce'> },
  userId: string,
  accountId: string,
  id: string,
) => {
  await openAlarm(deps.db, userId, id);
  const by = await nameOf(deps.db, accountId);
  const row = await deps.db.asUser(userId, async (tx) => {
    const r = await updateAlarm(tx, userId, id, {
      acknowledgedAt: new Date(),
      acknowledgedBy: accountId,
      acknowledgedByName: by,
    });
    await recordAudit(tx, userId, 'update', 'glucose_alarm', id, { step: 'acknowledged' });
    return r!;
  });
  if (row.inApp) await deps.notifier.announce(userId, 'notification.updated', row.inApp);
  return presentAlarm(row);
};

/**
 * A snooze, shared by every device and every guardian: nothing about this alarm sounds again until it
 * ends, and each device's notice is replaced quietly by "Snoozed by Mum until 10:45". Snoozing counts
 * as seeing it (an acknowledged urgent low is not escalated). The scheduler raises it again when the
 * snooze runs out if the condition still holds.
 */
export const snoozeAlarm = async (
  deps: { db: Database; notifier: Pick<LiveNotifier, 'announce'>; push: PushClient; logger: Logger },
  userId: string,
  accountId: string,
  id: string,
  minutes: number,
) => {
  const a = await openAlarm(deps.db, userId, id);
  const kind = a.kind as GlucoseAlarmKind;
  if (minutes > snoozeLimitFor(kind))
    throw new ProblemError(
      400,
      'snooze_too_long',
      `An ${GLUCOSE_ALARM_LABELS[kind].toLowerCase()} alarm can be snoozed for at most ${snoozeLimitFor(kind)} minutes.`,
      [{ path: 'minutes', message: `At most ${snoozeLimitFor(kind)} minutes for this alarm` }],
    );
  const by = await nameOf(deps.db, accountId);
  const now = new Date();
  const until = new Date(now.getTime() + minutes * 60_000);
  const { row, facts } = await deps.db.asUser(userId, async (tx) => {
    const r = await updateAlarm(tx, userId, id, {
      snoozedUntil: until,
      ...(a.acknowledgedAt ? {} : { acknowledgedAt: now, acknowledgedBy: accountId, acknowledgedByName: by }),
    });
    await recordAudit(tx, userId, 'update', 'glucose_alarm', id, { step: 'snoozed', minutes });
    return { row: r!, facts: await personFacts(tx, userId) };
  });
  if (row.inApp) await deps.notifier.announce(userId, 'notification.updated', row.inApp);
  const m = snoozedMessage(kind, facts.personName, by, until, facts.timeZone);
  for (const to of [userId, ...(await guardiansOf(deps.db, userId))])
    await sendPush(deps, {
      userId: to,
      kind: 'glucose_alarm',
      title: m.title,
      body: m.body,
      url: '/dashboard/notifications',
      tag: alarmTag(row),
      silent: true,
    });
  return presentAlarm(row);
};
