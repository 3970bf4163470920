import type {
  NotificationEvent,
  NotificationPriority,
  NotificationResponse,
  NotificationType,
  RecipientType,
  ReminderFrequency,
  SenderType,
} from '@healthfolio/core';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { guardianAlertEmail } from '../../mail/templates';
import { NS_DATA_CHANGED, type RealtimeBus } from '../../realtime/bus';
import type { PlatformSettingsStore } from '../admin/platform-settings.store';
import { recordAudit } from '../audit/audit.service';
import { guardianRecipients } from '../household/guardian-recipients';
import { presentNotification } from './notifications.presenter';
import { insertNotifications, selectNotification } from './notifications.repository';

export interface LiveNotificationInput {
  userId: string;
  title: string;
  content: string;
  recipientType?: RecipientType;
  type?: NotificationType;
  priority?: NotificationPriority;
  dueDate?: Date | string | null;
  metadata?: Record<string, unknown>;
  senderName?: string;
  senderType?: SenderType;
  reminderFrequency?: ReminderFrequency | null;
}

export type CaregiverNotificationInput = Omit<LiveNotificationInput, 'recipientType' | 'type'>;
export type PlatformNotificationInput = Omit<LiveNotificationInput, 'userId' | 'recipientType' | 'type'>;

export interface LiveNotifier {
  /** The spec's send_live_notification: stores the notification and tells the user's open pages. */
  send(input: LiveNotificationInput, via?: Database): Promise<NotificationResponse>;
  /** To a caregiver (recipient caregiver, type alert). */
  notifyCaregiver(input: CaregiverNotificationInput, via?: Database): Promise<NotificationResponse>;
  /** To the platform's operators (recipient platform, type alert, priority high); no user owns it. */
  notifyPlatform(input: PlatformNotificationInput): Promise<NotificationResponse>;
  /** Tells a user's open pages about a change made elsewhere (an update, a deletion, a due item). */
  announce(userId: string, event: NotificationEvent, id: string): Promise<void>;
  /** Pushes stored low-glucose alerts to the user's devices (set by createDeps once push is wired). */
  pushFollowUpAlerts?(userId: string, ids: string[]): Promise<void>;
  /**
   * A low-glucose notice of a person kept by guardians (households), emailed to each guardian who gets
   * their mail (not muted, email reminders on). Their open pages already hear it through `announce`.
   */
  /** `skip`: lower-cased addresses already emailed about the same episode. */
  alertGuardians(personId: string, notificationId: string, skip?: ReadonlySet<string>): Promise<void>;
  /** The person's readings or loop data changed (a pull wrote some): their follower sockets hear it. */
  dataChanged?(userId: string): Promise<void>;
}

export interface GuardianMail {
  mailer: Mailer;
  appUrl: string;
  /** email_notifications (admin console) gates these emails like reminders; without it they are sent. */
  settings?: Pick<PlatformSettingsStore, 'getPlatformSettings'>;
}

/** The follow-up steps whose notice is mailed to guardians: the first low (or urgent) and the escalation. */
const MAILED_STEPS = new Set(['alert', 'urgent', 'escalated']);

/**
 * The one path every capability takes to notify someone. The row is committed first and the event
 * published after, so a page never hears about a notification it cannot read; a failed publish is
 * logged, not thrown, because the notification itself is saved and shows on the next load.
 */
export const createLiveNotifier = (
  db: Database,
  bus: RealtimeBus,
  logger: Logger,
  mail?: GuardianMail,
): LiveNotifier => {
  const announce = async (userId: string, event: NotificationEvent, id: string) => {
    try {
      await bus.publish({ userId, event, id });
    } catch (err) {
      logger.warn({ err: { message: (err as Error).message }, event }, 'live notification not published');
    }
  };

  // `via`: a request's database handle (its audit row then carries the request's client).
  const store = (userId: string | null, input: Omit<LiveNotificationInput, 'userId'>, via = db) => {
    const values = {
      userId,
      title: input.title,
      content: input.content,
      recipientType: input.recipientType ?? 'patient',
      type: input.type ?? 'notification',
      priority: input.priority ?? 'medium',
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      metadata: input.metadata ?? {},
      senderName: input.senderName ?? 'System',
      senderType: input.senderType ?? 'system',
      reminderFrequency: input.reminderFrequency ?? null,
    };
    const insert = async (tx: Parameters<Parameters<Database['asSystem']>[0]>[0]) => {
      const [row] = await insertNotifications(tx, [values]);
      if (userId)
        await recordAudit(tx, userId, 'create', 'notification', row!.id, { sender: values.senderType });
      return presentNotification(row!);
    };
    return userId ? via.asUser(userId, insert) : via.asSystem(insert);
  };

  const send = async ({ userId, ...input }: LiveNotificationInput, via?: Database) => {
    const notification = await store(userId, input, via);
    await announce(userId, 'notification.created', notification.id);
    return notification;
  };

  const alertGuardians = async (personId: string, notificationId: string, skip?: ReadonlySet<string>) => {
    if (!mail) return;
    try {
      const recipients = (await guardianRecipients(db, [personId])).filter(
        (r) => !skip?.has(r.email.toLowerCase()),
      );
      if (recipients.length === 0) return;
      if (mail.settings && !(await mail.settings.getPlatformSettings()).email_notifications.enabled) return;
      const row = await db.readAsSystem((tx) => selectNotification(tx, personId, notificationId));
      const step = row?.metadata?.step;
      if (!row || typeof step !== 'string' || !MAILED_STEPS.has(step)) return;
      for (const r of recipients)
        await mail.mailer.send({
          to: r.email,
          userId: personId,
          ...guardianAlertEmail(mail.appUrl, row.title, row.content, r.personName),
        });
    } catch (err) {
      // The notice is saved and shown; a lost email is logged, not thrown into the write that made it.
      logger.warn({ err: { message: (err as Error).message } }, 'guardian alert email failed');
    }
  };

  return {
    send,
    alertGuardians,
    notifyCaregiver: (input, via) => send({ ...input, recipientType: 'caregiver', type: 'alert' }, via),
    notifyPlatform: (input) =>
      store(null, { priority: 'high', ...input, recipientType: 'platform', type: 'alert' }),
    announce,
    dataChanged: async (userId) => {
      try {
        await bus.publish({ userId, event: NS_DATA_CHANGED, id: '' });
      } catch (err) {
        logger.warn({ err: { message: (err as Error).message } }, 'data change not published');
      }
    },
  };
};
