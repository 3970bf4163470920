/**
 * The notification kinds, the tabs that group them and the screens' shared messages. Kept free of zod
 * so a screen can import them without pulling the schema library into its first load.
 */
export const NOTIFICATION_TYPES = ['note', 'notification', 'reminder', 'alert', 'medication'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The tabs of the notifications screens and the types each covers. "Actions" are items that ask the
 * user to do something (a notification can be completed; an alert asks for attention); "Reminders"
 * are time-based items, medication doses included.
 */
export const NOTIFICATION_TABS = {
  all: NOTIFICATION_TYPES,
  notes: ['note'],
  actions: ['notification', 'alert'],
  reminders: ['reminder', 'medication'],
} as const satisfies Record<string, readonly NotificationType[]>;
export type NotificationTab = keyof typeof NOTIFICATION_TABS;

/** Spec §5: a new notification or note without type, title or content. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** What `waitsForDueTime` reads of a notification. */
export interface ScheduledItem {
  type: string;
  senderType: string;
  dueDate: string | null;
  deliveredAt: string | null;
}

/**
 * A reminder (the Reminders tab's kinds, whoever set it) or anything the system scheduled ahead (an
 * appointment's or a dose's reminder) waits for its due time: until it is due (or the scheduler has
 * delivered it) it is not in the lists and not counted unread, so tomorrow's occurrence of a daily
 * reminder is not "unread" today. A task (type notification) with a due date is a deadline and shows
 * at once. The server's list and count queries apply this same rule in SQL (notifications.repository).
 */
export const waitsForDueTime = (item: ScheduledItem, now = Date.now()) =>
  item.dueDate !== null &&
  item.deliveredAt === null &&
  Date.parse(item.dueDate) > now &&
  (item.senderType === 'system' || (NOTIFICATION_TABS.reminders as readonly string[]).includes(item.type));

/** What `canDelete` reads of a notification. */
export interface DeletableItem {
  type: string;
  senderType: string;
}

/**
 * A person deletes what they wrote themselves: their notes and the reminders they set. Reminders the
 * system set for them (medication doses, an appointment's reminders), and everything from a caregiver,
 * doctor or the administrators, are marked read or completed instead.
 */
export const canDelete = (item: DeletableItem) =>
  item.type === 'note' || (item.type === 'reminder' && item.senderType === 'user');

/** The server's answer when something else is deleted. */
export const CANNOT_DELETE_MESSAGE = 'Only notes and reminders you set yourself can be deleted.';

/** A reminder that comes again (daily, weekly, monthly). */
export const repeats = (item: { reminderFrequency: string | null }) =>
  item.reminderFrequency !== null && item.reminderFrequency !== 'once';
