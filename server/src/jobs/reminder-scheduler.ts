import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database, Tx } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { reminderEmail } from '../mail/templates';
import type { PlatformSettingsStore } from '../modules/admin/platform-settings.store';
import { guardianRecipients } from '../modules/household/guardian-recipients';
import type { LiveNotifier } from '../modules/notifications/live-notifications.service';
import type { PushClient } from '../modules/push/push.client';
import { sendPush } from '../modules/push/push.service';
import { reminderPush } from '../modules/push/push-messages';
import { repeatEvery } from './repeat';

export interface ReminderSchedulerOptions {
  /** How often to look for due reminders. */
  intervalMs?: number;
  /** Rows claimed per transaction; a catch-up after downtime loops until none are left. */
  batchSize?: number;
  /** Reminders that came due longer ago than this (the server was down) are shown but not emailed. */
  emailWithinMs?: number;
}

export interface ReminderScheduler {
  /** Delivers everything due at `now`; tests drive it with a fake clock. Returns the delivered ids. */
  runOnce(now?: Date): Promise<string[]>;
  start(): void;
  stop(): Promise<void>;
}

const OUTBOX_PURGE_EVERY_MS = 10 * 60_000;

type Claimed = {
  id: string;
  user_id: string;
  title: string;
  content: string;
  due_date: Date;
  created_at: Date;
  is_completed: boolean;
  metadata: Record<string, unknown>;
  reminder_frequency: string | null;
  sender_type: string;
};

/**
 * Claims due, undelivered reminders and marks them delivered in one statement. `FOR UPDATE SKIP
 * LOCKED` lets several server processes run this at once: each row goes to exactly one of them, and
 * `delivered_at` makes that permanent, so a restart neither repeats nor loses anything.
 */
const claimDue = async (tx: Tx, now: Date, limit: number) => {
  const at = now.toISOString();
  const { rows } = await tx.execute<Claimed>(sql`
    with due as (
      select id from notifications
      where delivered_at is null and due_date is not null and due_date <= ${at}::timestamptz
        and user_id is not null
      order by due_date, id
      limit ${limit}
      for update skip locked
    )
    update notifications n set delivered_at = ${at}::timestamptz
    from due where n.id = due.id
    returning n.id, n.user_id, n.title, n.content, n.due_date, n.created_at, n.is_completed, n.metadata,
      n.reminder_frequency, n.sender_type`);
  return rows;
};

/**
 * A user's repeating reminder (daily, weekly, monthly) gets its next occurrence: the first one after
 * `now` at the same wall-clock time in their zone, so a long downtime does not replay every missed one.
 * It carries the series (the first occurrence's id), so deleting any occurrence stops the repeats.
 */
const scheduleNextOccurrences = async (tx: Tx, ids: string[], now: Date) => {
  if (!ids.length) return;
  const at = now.toISOString();
  await tx.execute(sql`
    insert into notifications (user_id, type, priority, title, content, sender_name, sender_type,
      recipient_type, due_date, reminder_frequency, metadata, series_id)
    select n.user_id, n.type, n.priority, n.title, n.content, n.sender_name, n.sender_type,
      n.recipient_type,
      (select min(s) from generate_series((n.due_date at time zone z.tz) + z.step,
          (${at}::timestamptz at time zone z.tz) + z.step, z.step) s
        where s at time zone z.tz > ${at}::timestamptz) at time zone z.tz,
      n.reminder_frequency, n.metadata, coalesce(n.series_id, n.id)
    from notifications n
    cross join lateral (
      select coalesce((select p.timezone from profiles p where p.user_id = n.user_id), 'UTC') as tz,
        case n.reminder_frequency when 'daily' then interval '1 day' when 'weekly' then interval '7 days'
          else interval '1 month' end as step
    ) z
    where n.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
};

/**
 * Nothing to announce for a dose already taken or skipped, or for a reminder that was already past
 * when it was created (today's 08:00 dose of a schedule set up at noon).
 */
const worthAnnouncing = (r: Claimed) =>
  !r.is_completed &&
  r.metadata?.skipped !== true &&
  new Date(r.due_date).getTime() >= new Date(r.created_at).getTime() - 60_000;

export const createReminderScheduler = (
  deps: {
    db: Database;
    notifier: LiveNotifier;
    mailer: Mailer;
    logger: Logger;
    config: Pick<Config, 'appUrl'>;
    /** Web Push to the user's devices that want reminders; without it none are pushed. */
    push?: PushClient;
    /** email_notifications (admin console) gates reminder emails; without it they are sent. */
    settings?: Pick<PlatformSettingsStore, 'getPlatformSettings'>;
  },
  opts: ReminderSchedulerOptions = {},
): ReminderScheduler => {
  const { db, notifier, mailer, logger } = deps;
  const intervalMs = opts.intervalMs ?? 15_000;
  const batchSize = opts.batchSize ?? 200;
  const emailWithinMs = opts.emailWithinMs ?? 6 * 3_600_000;

  const recipients = async (userIds: string[]) => {
    const unique = [...new Set(userIds)];
    const optedIn = await db.asSystem((tx) =>
      tx.execute<{ user_id: string; timezone: string }>(
        sql`select user_id, timezone from profiles where email_reminders and user_id in (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
    if (!optedIn.rows.length) return new Map<string, { email: string; timeZone: string }>();
    // Addresses live in the auth schema, which the app role cannot read; the owner connection can.
    const emails = await db.owner.execute<{ id: string; email: string }>(
      sql`select id, email from auth.user where email_verified and id in (${sql.join(
        optedIn.rows.map((r) => sql`${r.user_id}::uuid`),
        sql`, `,
      )})`,
    );
    const zones = new Map(optedIn.rows.map((r) => [r.user_id, r.timezone]));
    return new Map(emails.rows.map((r) => [r.id, { email: r.email, timeZone: zones.get(r.id) ?? 'UTC' }]));
  };

  /** Who is emailed about a person's reminder: the person (opted in), and their guardians (households). */
  const recipientsOf = async (userIds: string[]) => {
    const own = await recipients(userIds);
    const byPerson = new Map<string, { email: string; timeZone: string; personName?: string }[]>();
    for (const [id, who] of own) byPerson.set(id, [who]);
    for (const g of await guardianRecipients(db, userIds))
      byPerson.set(g.personId, [
        ...(byPerson.get(g.personId) ?? []),
        { email: g.email, timeZone: g.timeZone, personName: g.personName },
      ]);
    return byPerson;
  };

  const email = async (rows: Claimed[], now: Date) => {
    const fresh = rows.filter((r) => now.getTime() - new Date(r.due_date).getTime() <= emailWithinMs);
    if (mailer.mode !== 'smtp' || !fresh.length) return;
    if (deps.settings && !(await deps.settings.getPlatformSettings()).email_notifications.enabled) return;
    const to = await recipientsOf(fresh.map((r) => r.user_id));
    for (const r of fresh) {
      for (const who of to.get(r.user_id) ?? []) {
        const when = new Intl.DateTimeFormat('en-US', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: who.timeZone,
        }).format(new Date(r.due_date));
        // Generic on purpose: no title or text (medication names, doses, notes) leaves the app by mail.
        await mailer.send({
          to: who.email,
          userId: r.user_id,
          ...reminderEmail(deps.config.appUrl, when, who.personName),
        });
      }
    }
  };

  const runOnce = async (now = new Date()) => {
    const delivered: string[] = [];
    for (;;) {
      const rows = await db.asSystem(async (tx) => {
        const claimed = await claimDue(tx, now, batchSize);
        await scheduleNextOccurrences(
          tx,
          claimed
            .filter(
              (r) => r.sender_type === 'user' && r.reminder_frequency && r.reminder_frequency !== 'once',
            )
            .map((r) => r.id),
          now,
        );
        return claimed;
      });
      // Announced after the claim commits: at most once, even if this process dies right here.
      const announce = rows.filter(worthAnnouncing);
      for (const r of announce) await notifier.announce(r.user_id, 'notification.due', r.id);
      const { push } = deps;
      if (push) await Promise.all(announce.map((r) => sendPush({ db, logger, push }, reminderPush(r))));
      try {
        await email(announce, now);
      } catch (err) {
        logger.error({ err: { message: (err as Error).message } }, 'reminder emails failed');
      }
      delivered.push(...announce.map((r) => r.id));
      if (rows.length < batchSize) return delivered;
    }
  };

  // This loop also purges the mail outbox (every process runs it; a second DELETE finds nothing).
  let purgedAt = 0;
  const purgeOutbox = async () => {
    if (Date.now() - purgedAt < OUTBOX_PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    await mailer.purgeOutbox();
  };
  // The first run catches up on whatever came due while the server was down.
  const loop = repeatEvery(
    intervalMs,
    () => runOnce().then(purgeOutbox),
    (err) => logger.warn({ err: { message: (err as Error).message } }, 'reminder scheduler run failed'),
  );
  return { runOnce, start: loop.start, stop: loop.stop };
};
