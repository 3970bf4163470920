import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { glucoseAlarms } from '../../db/schema';
import { type PushDeps, sendPush } from '../push/push.service';
import { factsOf } from './alarm-judge';
import { alarmMessage } from './alarm-messages';
import { type GlucoseAlarmRow, selectAlarm } from './alarms.repository';

/** The guardians who hear a person's alarms: every guardian who has not muted them. */
export const guardiansOf = async (db: Database, personId: string) =>
  (
    await db.ownerStatement<{ guardian_id: string }>({
      name: 'healthfolio_alarm_guardians',
      text: 'select guardian_id from guardianships where person_id = $1 and not muted order by created_at',
      values: [personId],
    })
  ).map((r) => r.guardian_id);

/** One notice per person and alarm kind on a device: a later push of it replaces the earlier one. */
export const alarmTag = (a: Pick<GlucoseAlarmRow, 'userId' | 'kind'>) => `alarm-${a.userId}-${a.kind}`;

export const countDelivery = (
  db: Database,
  a: GlucoseAlarmRow,
  add: { pushDevices?: number; emails?: number; escalatedTo?: string[] },
) =>
  db.asSystem((tx) =>
    tx
      .update(glucoseAlarms)
      .set({
        pushDevices: sql`${glucoseAlarms.pushDevices} + ${add.pushDevices ?? 0}`,
        emails: sql`${glucoseAlarms.emails} + ${add.emails ?? 0}`,
        ...(add.escalatedTo ? { escalatedTo: add.escalatedTo } : {}),
      })
      .where(sql`${glucoseAlarms.id} = ${a.id}`),
  );

/**
 * A raised alarm pushed to the person's devices and to every unmuted guardian's: the lock screen sees
 * the alarm, with the person's name on a guardian's ("Urgent low: Mia"), the value only on devices
 * that allow it. Quiet
 * hours (judged when the alarm was raised) hold back every alarm but urgent low. Counts the devices
 * reached on the alarm.
 */
export const pushAlarm = async (deps: PushDeps, personId: string, alarmId: string) => {
  const found = await deps.db.readAsUser(personId, async (tx) => {
    const a = await selectAlarm(tx, personId, alarmId);
    return a ? { a, facts: await factsOf(tx, a) } : null;
  });
  if (!found) return 0;
  const { a, facts } = found;
  let delivered = 0;
  for (const userId of [personId, ...(await guardiansOf(deps.db, personId))]) {
    const m = alarmMessage(facts, userId === personId ? 'person' : 'others');
    delivered += (
      await sendPush(deps, {
        userId,
        kind: 'glucose_alarm',
        title: m.title,
        body: m.lockScreen,
        withValue: { body: m.content },
        url: '/dashboard/notifications',
        urgent: m.urgent,
        tag: alarmTag(a),
        quietable: a.kind !== 'urgent_low',
        at: a.raisedAt,
      })
    ).delivered;
  }
  if (delivered) await countDelivery(deps.db, a, { pushDevices: delivered });
  return delivered;
};
