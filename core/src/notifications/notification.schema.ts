import { z } from 'zod';
import { NOTIFICATION_TYPES, REQUIRED_FIELDS_MESSAGE } from './notification-tabs';

export {
  CANNOT_DELETE_MESSAGE,
  canDelete,
  type DeletableItem,
  NOTIFICATION_TABS,
  NOTIFICATION_TYPES,
  REQUIRED_FIELDS_MESSAGE,
  repeats,
  type ScheduledItem,
  waitsForDueTime,
} from './notification-tabs';

/** Spec §3: the kinds of item the notifications store holds. */
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const NotificationPriority = z.enum(NOTIFICATION_PRIORITIES);
export type NotificationPriority = z.infer<typeof NotificationPriority>;

export const SENDER_TYPES = ['doctor', 'caregiver', 'staff', 'system', 'user', 'admin'] as const;
export const SenderType = z.enum(SENDER_TYPES);
export type SenderType = z.infer<typeof SenderType>;

export const RECIPIENT_TYPES = ['patient', 'caregiver', 'platform'] as const;
export const RecipientType = z.enum(RECIPIENT_TYPES);
export type RecipientType = z.infer<typeof RecipientType>;

export const REMINDER_FREQUENCIES = ['once', 'daily', 'weekly', 'monthly'] as const;
export const ReminderFrequency = z.enum(REMINDER_FREQUENCIES);
export type ReminderFrequency = z.infer<typeof ReminderFrequency>;

export const NotificationTab = z.enum(['all', 'notes', 'actions', 'reminders']);
export type NotificationTab = z.infer<typeof NotificationTab>;

/** Types a user creates themselves with "add notification"; the others come from the system. */
export const USER_NOTIFICATION_TYPES = ['note', 'notification', 'reminder'] as const;

/** The sender a user-created item carries (spec §5). */
export const USER_SENDER = { name: 'You', type: 'user' } as const;

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `At most ${max} characters`);

const isoInstant = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });

export const NotificationCreateRequest = z
  .strictObject({
    type: z.enum(USER_NOTIFICATION_TYPES, { error: REQUIRED_FIELDS_MESSAGE }),
    title: requiredText(200),
    content: requiredText(5000),
    priority: NotificationPriority.default('medium'),
    dueDate: isoInstant.nullish(),
    reminderFrequency: ReminderFrequency.nullish(),
  })
  .superRefine((req, ctx) => {
    // The form offers a due date only for notifications and reminders, a frequency only for reminders.
    if (req.dueDate && req.type === 'note')
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'A due date can be set only for notifications and reminders',
      });
    if (req.reminderFrequency && req.type !== 'reminder')
      ctx.addIssue({
        code: 'custom',
        path: ['reminderFrequency'],
        message: 'A frequency can be set only for reminders',
      });
  });
export type NotificationCreateRequest = z.infer<typeof NotificationCreateRequest>;

/**
 * Mark read, complete (type notification only, once) or edit a note's title and content.
 * At least one field is needed.
 */
export const NotificationUpdateRequest = z
  .strictObject({
    isRead: z.boolean().optional(),
    isCompleted: z.literal(true, { error: 'Completion cannot be undone' }).optional(),
    title: requiredText(200).optional(),
    content: requiredText(5000).optional(),
  })
  .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'Nothing to update' });
export type NotificationUpdateRequest = z.infer<typeof NotificationUpdateRequest>;

export const NotificationResponse = z.object({
  id: z.string().uuid(),
  type: NotificationType,
  priority: NotificationPriority,
  title: z.string(),
  content: z.string(),
  senderName: z.string(),
  senderType: SenderType,
  recipientType: RecipientType,
  dueDate: z.string().nullable(),
  reminderFrequency: ReminderFrequency.nullable(),
  isRead: z.boolean(),
  isCompleted: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  /** When the scheduler delivered a due item (null until then, and for items without a due date). */
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationResponse = z.infer<typeof NotificationResponse>;

export const NOTIFICATION_PAGE_MAX = 200;

export const NotificationListQuery = z.strictObject({
  tab: NotificationTab.default('all'),
  /**
   * `arrived` (the default): what has come, newest first. `scheduled`: your own reminders still to
   * come (not yet due), soonest first; they join the arrived list when due.
   */
  when: z.enum(['arrived', 'scheduled']).default('arrived'),
  type: NotificationType.optional(),
  /** Case-insensitive search in title and content (the notes screen's search). */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(50),
  cursor: z.string().max(200).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationListResponse = z.object({
  items: z.array(NotificationResponse),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

/** Unread items per tab, for the tab badges and the header's bell. */
export const UnreadCountsResponse = z.object({
  all: z.number().int(),
  notes: z.number().int(),
  actions: z.number().int(),
  reminders: z.number().int(),
});
export type UnreadCountsResponse = z.infer<typeof UnreadCountsResponse>;

/** Events of the live stream (GET /api/v1/notifications/stream). */
export const NOTIFICATION_EVENTS = [
  'notification.created',
  'notification.updated',
  'notification.due',
  'notification.deleted',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * What happened to the email copy of a test notification: handed to the mail server, not asked for
 * (email reminders are off), held back (the address is not confirmed), or impossible (no SMTP).
 */
export const TEST_EMAIL_OUTCOMES = [
  'sent',
  'off',
  'unverified',
  'not_configured',
  'paused_by_admin',
] as const;
export const TestEmailOutcome = z.enum(TEST_EMAIL_OUTCOMES);
export type TestEmailOutcome = z.infer<typeof TestEmailOutcome>;

/** "Send a test notification": the in-app item it made and what became of the email. */
export const TestNotificationResponse = z.object({
  notification: NotificationResponse,
  email: TestEmailOutcome,
});
export type TestNotificationResponse = z.infer<typeof TestNotificationResponse>;
