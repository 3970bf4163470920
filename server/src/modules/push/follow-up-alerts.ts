import { and, eq, inArray } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { pushAlarm } from '../alarms/alarm-delivery';
import { type PushDeps, sendPush } from './push.service';
import { lowAlertPush } from './push-messages';

/**
 * The alerts a glucose write stored (hypo/glucose-written.ts and alarms/alarm-judge.ts, announced by
 * every path that writes readings through `announceNotices`), pushed after the commit. A glucose alarm
 * raised by the same write replaces the follow-up's first low push: one reading, one push.
 */
export const pushFollowUpAlerts = async (deps: PushDeps, userId: string, ids: string[]) => {
  if (!ids.length) return;
  const rows = await deps.db.readAsUser(userId, (tx) =>
    tx
      .select({
        id: notifications.id,
        title: notifications.title,
        content: notifications.content,
        priority: notifications.priority,
        metadata: notifications.metadata,
        type: notifications.type,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids))),
  );
  const alarms = rows.filter((r) => typeof r.metadata.glucoseAlarmId === 'string');
  for (const r of alarms) await pushAlarm(deps, userId, r.metadata.glucoseAlarmId as string);
  if (alarms.length) return;
  for (const r of rows)
    if (r.type === 'alert' && r.metadata.hypoFollowUpId) await sendPush(deps, lowAlertPush(userId, r));
};
