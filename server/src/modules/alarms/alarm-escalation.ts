import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { glucoseAlarms, hypoFollowUps } from '../../db/schema';
import { guardianAlertEmail } from '../../mail/templates';
import { guardianRecipients } from '../household/guardian-recipients';
import { type CaregiverAlertDeps, listAlertRecipients, tellCaregivers } from '../hypo/caregiver-alerts';
import { sendPush } from '../push/push.service';
import { alarmTag, countDelivery, guardiansOf } from './alarm-delivery';
import { factsOf } from './alarm-judge';
import { escalationMessage } from './alarm-messages';
import type { GlucoseAlarmRow } from './alarms.repository';

export type EscalationDeps = CaregiverAlertDeps;

/**
 * An urgent low nobody acknowledged in 15 minutes, after its escalation committed (with the notice
 * `noticeId` on the person, which every guardian's open page hears): the caregivers marked "alert on
 * low" get an email, an in-app alert and a push on their own account; the unmuted guardians a push and
 * an email; each address one email. Counts the devices and emails on the alarm, and keeps whom it
 * emailed (the low follow-up's escalation of the same episode, 15 minutes later, skips them).
 */
export const escalateAlarm = async (deps: EscalationDeps, a: GlucoseAlarmRow, noticeId: string) => {
  const m = escalationMessage(await deps.db.readAsUser(a.userId, (tx) => factsOf(tx, a)));
  await deps.notifier.announce(a.userId, 'notification.created', noticeId);
  let pushDevices = 0;
  let emails = 0;
  const push = async (userId: string, kind: 'glucose_alarm' | 'caregiver_alert') => {
    if (!deps.push) return;
    pushDevices += (
      await sendPush(
        { db: deps.db, logger: deps.logger, push: deps.push },
        {
          userId,
          kind,
          title: m.title,
          body: m.lockScreen,
          withValue: { body: m.content },
          url: '/dashboard/notifications',
          urgent: true,
          tag: alarmTag(a),
        },
      )
    ).delivered;
  };
  for (const guardianId of await guardiansOf(deps.db, a.userId)) await push(guardianId, 'glucose_alarm');
  // A low follow-up that escalated since this alarm was raised has already emailed (and alerted in
  // the app) the same guardians and caregivers about this episode: the pushes above are all it adds.
  if (await followUpEscalatedSince(deps.db, a.userId, a.raisedAt)) {
    await countDelivery(deps.db, a, { pushDevices, emails });
    return;
  }
  const emailed = new Set<string>();
  for (const g of await guardianRecipients(deps.db, [a.userId])) {
    const address = g.email.toLowerCase();
    if (emailed.has(address)) continue;
    emailed.add(address);
    await deps.mailer.send({
      to: g.email,
      userId: a.userId,
      ...guardianAlertEmail(deps.config.appUrl, m.title, m.content, g.personName),
    });
    emails++;
  }
  // A guardian who is also a caregiver marked "alert on low" was emailed above.
  const caregivers = (await listAlertRecipients(deps.db, a.userId)).filter(
    (c) => !emailed.has(c.email.toLowerCase()),
  );
  await tellCaregivers(
    deps,
    a.userId,
    caregivers,
    { title: m.title, content: m.content, metadata: { glucoseAlarmId: a.id } },
    (caregiverId) => push(caregiverId, 'caregiver_alert'),
  );
  emails += caregivers.length;
  for (const c of caregivers) emailed.add(c.email.toLowerCase());
  await countDelivery(deps.db, a, { pushDevices, emails, escalatedTo: [...emailed] });
};

/** Whether a low follow-up of the person escalated at or after `since` (the same episode). */
const followUpEscalatedSince = async (db: Database, userId: string, since: Date) => {
  const rows = await db.readAsUser(userId, (tx) =>
    tx
      .select({ id: hypoFollowUps.id })
      .from(hypoFollowUps)
      .where(and(eq(hypoFollowUps.userId, userId), gte(hypoFollowUps.escalatedAt, since)))
      .limit(1),
  );
  return rows.length > 0;
};

/**
 * Whom (lower-cased addresses: guardians and caregivers) an urgent low escalation of the person
 * already emailed since `since` (the start of a low follow-up): the same episode, so the follow-up's
 * escalation skips them.
 */
export const emailedSince = async (db: Database, userId: string, since: Date) => {
  const rows = await db.readAsUser(userId, (tx) =>
    tx
      .select({ to: glucoseAlarms.escalatedTo })
      .from(glucoseAlarms)
      .where(
        and(
          eq(glucoseAlarms.userId, userId),
          eq(glucoseAlarms.kind, 'urgent_low'),
          gte(glucoseAlarms.escalatedAt, since),
        ),
      ),
  );
  return new Set(rows.flatMap((r) => r.to));
};
