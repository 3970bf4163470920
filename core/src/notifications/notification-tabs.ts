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
