import { type GlucoseAlarmKind, URGENT_LOW_ESCALATE_AFTER_MINUTES } from '@healthfolio/core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { glucoseAlarms } from '../db/schema';
import { pushAlarm } from '../modules/alarms/alarm-delivery';
import { type EscalationDeps, escalateAlarm } from '../modules/alarms/alarm-escalation';
import { endAlarm, factsOf, judgeNow, raiseAlarm } from '../modules/alarms/alarm-judge';
import { escalationMessage } from '../modules/alarms/alarm-messages';
import { type GlucoseAlarmRow, selectOpenAlarms, updateAlarm } from '../modules/alarms/alarms.repository';
import { recordAudit } from '../modules/audit/audit.service';
import { liveSourceSql } from '../modules/glucose/live-source';
import { insertNotifications } from '../modules/notifications/notifications.repository';
import { repeatEvery } from './repeat';

export interface GlucoseAlarmScheduler {
  /** Everything due at `now` (tests drive it with their own clock). Returns what it did. */
  runOnce(now?: Date): Promise<{ userId: string; step: string; kind: string }[]>;
  start(): void;
  stop(): Promise<void>;
}

const MINUTE = 60_000;
/** Due alarms (snoozes run out, escalations) taken in one run; the rest wait for the next minute. */
const MAX_DUE_PER_RUN = 200;
/** A device silent for longer than a day was put away, not lost: no alarm for it. */
const STALE_LOOKBACK_HOURS = 24;

/**
 * People whose newest reading came from a live source (core `isLiveGlucoseSource`) and is 15 minutes to a day old, without an open
 * "no recent readings" alarm (each person's own window is judged after), the longest silent first. One
 * probe of the (user, time) index per person, newest first: no scan of everyone's readings.
 */
const silentPeople = async (tx: Tx, now: Date) => {
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    select p.user_id from profiles p
    cross join lateral (
      select recorded_at, source from glucose_readings g
      where g.user_id = p.user_id order by recorded_at desc limit 1) r
    where r.recorded_at > ${new Date(now.getTime() - STALE_LOOKBACK_HOURS * 3_600_000).toISOString()}::timestamptz
      and r.recorded_at <= ${new Date(now.getTime() - 15 * MINUTE).toISOString()}::timestamptz
      and ${liveSourceSql(sql.raw('r.source'))}
      and not exists (select 1 from glucose_alarms a
        where a.user_id = p.user_id and a.kind = 'stale' and a.ended_at is null)
    order by r.recorded_at, p.user_id`);
  return rows.map((r) => r.user_id);
};

/**
 * Open "no recent readings" alarms whose person's newest reading is not from a live source (a file
 * imported since, or one raised before imports stopped counting): nothing live went quiet, so they end.
 */
const staleNotLive = async (tx: Tx) => {
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    select a.user_id from glucose_alarms a
    cross join lateral (
      select source from glucose_readings g
      where g.user_id = a.user_id order by recorded_at desc limit 1) r
    where a.kind = 'stale' and a.ended_at is null and not ${liveSourceSql(sql.raw('r.source'))}
    order by a.raised_at limit ${MAX_DUE_PER_RUN}`);
  return rows.map((r) => r.user_id);
};

/**
 * The oldest open alarm with work due, locked for this transaction (SKIP LOCKED: each goes to one
 * process). One a transaction: its audit row holds that person's chain until the commit.
 */
const claimDue = async (tx: Tx, now: Date) => {
  const escalateBefore = new Date(now.getTime() - URGENT_LOW_ESCALATE_AFTER_MINUTES * MINUTE).toISOString();
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from glucose_alarms
    where ended_at is null and (
      snoozed_until <= ${now.toISOString()}::timestamptz
      or (kind = 'urgent_low' and acknowledged_at is null and escalated_at is null
          and raised_at <= ${escalateBefore}::timestamptz))
    order by raised_at limit 1
    for update skip locked`);
  if (!rows[0]) return null;
  const [alarm] = await tx.select().from(glucoseAlarms).where(eq(glucoseAlarms.id, rows[0].id));
  return alarm ?? null;
};

type Outcome = { userId: string; step: string; kind: string; notice?: string; alarm?: GlucoseAlarmRow };

/** A snooze ran out: still true, a new episode is raised (and sounds); else the alarm ends. */
const afterSnooze = async (tx: Tx, a: GlucoseAlarmRow, now: Date): Promise<Outcome> => {
  const j = await judgeNow(tx, a.userId, now);
  await endAlarm(tx, a, now, 'snooze_ended');
  const kind = a.kind as GlucoseAlarmKind;
  if (!j.active.has(kind)) return { userId: a.userId, step: 'ended', kind };
  const notice = await raiseAlarm(tx, a.userId, kind, now, j.latest, j.predictedMgdl);
  return { userId: a.userId, step: 'raised_again', kind, ...(notice ? { notice } : {}) };
};

/** An urgent low unanswered for 15 minutes: marked escalated, with its notice on the person. */
const escalate = async (tx: Tx, a: GlucoseAlarmRow, now: Date): Promise<Outcome> => {
  const row = (await updateAlarm(tx, a.userId, a.id, { escalatedAt: now }))!;
  const m = escalationMessage(await factsOf(tx, a));
  const [notice] = await insertNotifications(tx, [
    {
      userId: a.userId,
      title: m.title,
      content: m.content,
      type: 'alert',
      priority: 'urgent',
      senderName: 'Healthfolio',
      senderType: 'system',
      recipientType: 'patient',
      metadata: { glucoseAlarmId: a.id, alarmKind: a.kind, step: 'escalated' },
    },
  ]);
  await recordAudit(tx, a.userId, 'escalate', 'glucose_alarm', a.id, { step: 'escalated' });
  return { userId: a.userId, step: 'escalated', kind: a.kind, notice: notice!.id, alarm: row };
};

/**
 * The glucose alarms' clock (modelled on the follow-up scheduler): "no recent readings" for people whose
 * device went silent, alarms raised again when a snooze runs out, urgent lows escalated after 15
 * minutes without an acknowledgement. State changes and notices commit together; pushes, emails and
 * announcements follow the commit.
 */
export const createGlucoseAlarmScheduler = (
  deps: EscalationDeps,
  opts: { intervalMs?: number } = {},
): GlucoseAlarmScheduler => {
  const { db, logger } = deps;

  const deliver = async (o: Outcome) => {
    if (!o.notice) return;
    if (o.step === 'escalated' && o.alarm) return escalateAlarm(deps, o.alarm, o.notice);
    await deps.notifier.announce(o.userId, 'notification.created', o.notice);
    if (deps.push) await pushAlarm({ db, logger, push: deps.push }, o.userId, await alarmIdOf(o));
  };
  const alarmIdOf = async (o: Outcome) =>
    (
      await db.readAsUser(o.userId, (tx) =>
        tx.execute<{ id: string }>(
          sql`select id from glucose_alarms where in_app_notification_id = ${o.notice!} and user_id = ${o.userId}`,
        ),
      )
    ).rows[0]?.id ?? '';

  /** The next due alarm's step (a snooze run out, an escalation), in its own transaction. */
  const dueStep = (now: Date) =>
    db.asSystem(async (tx): Promise<Outcome | null> => {
      const a = await claimDue(tx, now);
      if (!a) return null;
      return a.snoozedUntil && a.snoozedUntil <= now ? afterSnooze(tx, a, now) : escalate(tx, a, now);
    });

  const runOnce = async (now = new Date()) => {
    // One person at a time, each committed before the next: a person's audit chain (and so their own
    // uploads) waits only for their own alarm, never for a run over everyone whose phone went quiet.
    const outcomes: Outcome[] = [];
    for (let i = 0; i < MAX_DUE_PER_RUN; i++) {
      const o = await dueStep(now);
      if (!o) break;
      outcomes.push(o);
    }
    for (const userId of await db.asSystem(staleNotLive)) {
      const ended = await db.asSystem(async (tx) => {
        // Judged again in the person's own transaction, by the same rule that raises it.
        if ((await judgeNow(tx, userId, now)).active.has('stale')) return false;
        const open = await selectOpenAlarms(tx, userId);
        for (const a of open) if (a.kind === 'stale') await endAlarm(tx, a, now, 'cleared');
        return true;
      });
      if (ended) outcomes.push({ userId, step: 'ended', kind: 'stale' });
    }
    for (const userId of await db.asSystem((tx) => silentPeople(tx, now))) {
      const notice = await db.asSystem(async (tx) => {
        // Judged again in the person's own transaction: a reading that arrived meanwhile counts.
        const j = await judgeNow(tx, userId, now);
        return j.active.has('stale') ? raiseAlarm(tx, userId, 'stale', now, j.latest, null) : null;
      });
      if (notice) outcomes.push({ userId, step: 'raised', kind: 'stale', notice });
    }
    for (const o of outcomes) {
      try {
        await deliver(o);
      } catch (err) {
        // The alarm and its notice are saved and shown; a lost push or email is logged, not retried.
        logger.warn(
          { err: { message: (err as Error).message }, step: o.step },
          'glucose alarm delivery failed',
        );
      }
    }
    return outcomes.map(({ userId, step, kind }) => ({ userId, step, kind }));
  };

  const loop = repeatEvery(opts.intervalMs ?? 60_000, runOnce, (err) =>
    logger.warn({ err: { message: (err as Error).message } }, 'glucose alarm scheduler run failed'),
  );
  return { runOnce, start: loop.start, stop: loop.stop };
};
