import { isLowGlucose } from '@healthfolio/core';
import { inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database, Tx } from '../db/database';
import { hypoFollowUps } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { emailedSince } from '../modules/alarms/alarm-escalation';
import { recordAudit } from '../modules/audit/audit.service';
import {
  type AlertRecipientLister,
  alertCaregivers,
  listAlertRecipients,
} from '../modules/hypo/caregiver-alerts';
import { readingFacts, storeFollowUpNotice } from '../modules/hypo/follow-up-notices';
import { type FollowUpRow, selectLatestReadingAfter, updateFollowUp } from '../modules/hypo/hypo.repository';
import { hypoMessages } from '../modules/hypo/hypo-messages';
import type { LiveNotifier } from '../modules/notifications/live-notifications.service';
import type { PushClient } from '../modules/push/push.client';
import { sendPush } from '../modules/push/push.service';
import { followUpPush } from '../modules/push/push-messages';
import { repeatEvery } from './repeat';

export interface HypoSchedulerOptions {
  intervalMs?: number;
  batchSize?: number;
  /** Who gets the caregiver escalation (the sharing feature's list; tests pass their own). */
  listRecipients?: AlertRecipientLister;
}

export interface HypoScheduler {
  /** Runs every follow-up step due at `now`; tests drive it with a fake clock. Returns the steps taken. */
  runOnce(now?: Date): Promise<{ id: string; step: string }[]>;
  start(): void;
  stop(): Promise<void>;
}

/** A caregiver step is retried after this long if the process died while sending it. */
const CAREGIVER_LEASE_MS = 5 * 60_000;

type Claimed = FollowUpRow & { enabled: boolean };

/**
 * Due follow-ups, locked for this transaction (`SKIP LOCKED`: several processes share the work, each
 * row goes to one of them). A step's state change and its notification commit together.
 */
const claimDue = async (tx: Tx, now: Date, limit: number): Promise<Claimed[]> => {
  const { rows } = await tx.execute<{ id: string; enabled: boolean | null }>(sql`
    select f.id, s.enabled from hypo_follow_ups f left join hypo_settings s on s.user_id = f.user_id
    where f.next_due_at is not null and f.next_due_at <= ${now.toISOString()}::timestamptz
    order by f.next_due_at, f.id limit ${limit}
    for update of f skip locked`);
  if (!rows.length) return [];
  const full = await tx
    .select()
    .from(hypoFollowUps)
    .where(
      inArray(
        hypoFollowUps.id,
        rows.map((r) => r.id),
      ),
    );
  const enabled = new Map(rows.map((r) => [r.id, r.enabled ?? true]));
  return full.map((f) => ({ ...f, enabled: enabled.get(f.id) ?? true }));
};

/** One due step of one follow-up: recovered, stopped, the re-check reminder, or the escalation. */
const step = async (tx: Tx, f: Claimed, now: Date) => {
  const audit = (s: string) =>
    recordAudit(tx, f.userId, s === 'escalated' ? 'escalate' : 'update', 'hypo_follow_up', f.id, { step: s });
  if (f.status === 'escalated') {
    await updateFollowUp(tx, f.userId, f.id, { nextDueAt: new Date(now.getTime() + CAREGIVER_LEASE_MS) });
    return { step: 'caregivers', notice: null };
  }
  if (!f.enabled) {
    await updateFollowUp(tx, f.userId, f.id, { status: 'stopped', endedAt: now, nextDueAt: null });
    await audit('stopped');
    return { step: 'stopped', notice: null };
  }
  const after = await selectLatestReadingAfter(tx, f.userId, f.readingAt);
  if (after !== null && !isLowGlucose(after)) {
    await updateFollowUp(tx, f.userId, f.id, { status: 'recovered', endedAt: now, nextDueAt: null });
    await audit('recovered');
    return { step: 'recovered', notice: null };
  }
  const facts = await readingFacts(tx, f.userId, f.valueMgdl, f.readingAt);
  if (!f.recheckSentAt) {
    await updateFollowUp(tx, f.userId, f.id, { recheckSentAt: now, nextDueAt: f.escalateDueAt });
    await audit('recheck_reminder');
    const message = hypoMessages.recheck(facts);
    return {
      step: 'recheck',
      notice: await storeFollowUpNotice(tx, f.userId, f.id, 'recheck', message),
      message,
    };
  }
  // Still low, or no reading at all, 30 minutes on: urgent, and the caregivers next (leased).
  await updateFollowUp(tx, f.userId, f.id, {
    status: 'escalated',
    escalatedAt: now,
    endedAt: now,
    nextDueAt: new Date(now.getTime() + CAREGIVER_LEASE_MS),
  });
  await audit('escalated');
  const message = hypoMessages.escalated(facts);
  return {
    step: 'escalated',
    notice: await storeFollowUpNotice(tx, f.userId, f.id, 'escalated', message),
    message,
  };
};

export const createHypoScheduler = (
  deps: {
    db: Database;
    notifier: LiveNotifier;
    mailer: Mailer;
    logger: Logger;
    config: Pick<Config, 'appUrl'>;
    /** Web Push to the user's and the caregivers' devices; without it none are pushed. */
    push?: PushClient;
  },
  opts: HypoSchedulerOptions = {},
): HypoScheduler => {
  const { db, notifier, logger } = deps;
  const intervalMs = opts.intervalMs ?? 15_000;
  // One follow-up a transaction by default: a step's audit row holds that person's chain until the
  // commit, so a batch would make every person in it wait for the others' steps.
  const batchSize = opts.batchSize ?? 1;
  const listRecipients = opts.listRecipients ?? listAlertRecipients;

  /**
   * After the escalation commits: the caregivers not already warned of this episode, then the record
   * that they were alerted.
   */
  const alertCaregiversOf = async (f: Claimed, now: Date) => {
    try {
      // One episode, one escalation per caregiver: those the urgent low alarm's escalation already
      // told (15 minutes in, the earlier warning) are not told again.
      const warned = await emailedSince(db, f.userId, f.startedAt);
      const notYetWarned: AlertRecipientLister = async (d, ownerId) =>
        (await listRecipients(d, ownerId)).filter((r) => !warned.has(r.email.toLowerCase()));
      const alerted = await alertCaregivers(
        deps,
        { ownerId: f.userId, followUpId: f.id, valueMgdl: f.valueMgdl, readingAt: f.readingAt },
        notYetWarned,
      );
      await db.asSystem(async (tx) => {
        await updateFollowUp(tx, f.userId, f.id, { caregiversAlertedAt: now, nextDueAt: null });
        await recordAudit(tx, f.userId, 'escalate', 'hypo_follow_up', f.id, { step: 'caregivers', alerted });
      });
    } catch (err) {
      // Left leased: the next run after the lease tries again.
      logger.warn({ err: { message: (err as Error).message }, followUpId: f.id }, 'caregiver alert failed');
    }
  };

  const runOnce = async (now = new Date()) => {
    const taken: { id: string; step: string }[] = [];
    for (;;) {
      const { results, claimed } = await db.asSystem(async (tx) => {
        const claimed = await claimDue(tx, now, batchSize);
        const results = [];
        for (const f of claimed) results.push({ f, ...(await step(tx, f, now)) });
        return { results, claimed };
      });
      for (const r of results) {
        if (r.notice) {
          await notifier.announce(r.f.userId, 'notification.created', r.notice);
          // One episode, one escalation email per guardian: those the urgent low alarm's escalation
          // already emailed are not emailed again (the notice still shows in their app).
          const skip = r.step === 'escalated' ? await emailedSince(db, r.f.userId, r.f.startedAt) : undefined;
          await notifier.alertGuardians(r.f.userId, r.notice, skip);
        }
        if (deps.push && r.message && (r.step === 'recheck' || r.step === 'escalated'))
          await sendPush(
            { db, logger, push: deps.push },
            followUpPush(r.f.userId, r.f.id, r.step, r.message),
          );
        if (r.step === 'escalated' || r.step === 'caregivers') await alertCaregiversOf(r.f, now);
        taken.push({ id: r.f.id, step: r.step });
      }
      if (claimed.length < batchSize) return taken;
    }
  };

  // The first run catches up on steps that came due while the server was down.
  const loop = repeatEvery(intervalMs, runOnce, (err) =>
    logger.warn({ err: { message: (err as Error).message } }, 'hypo scheduler run failed'),
  );
  return { runOnce, start: loop.start, stop: loop.stop };
};
