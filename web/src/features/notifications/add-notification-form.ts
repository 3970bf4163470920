import type { NotificationCreateRequest, NotificationPriority, ReminderFrequency } from '@healthfolio/core';
import type { z } from 'zod';
import { localInputToIso } from '@/features/trackers/local-datetime';
import { loadCore } from '@/lib/lazy-resolver';

export type AddableType = NotificationCreateRequest['type'];

/** What the dialog's fields hold: the due date as the wall clock of the profile's time zone. */
export type AddValues = {
  type: AddableType;
  title: string;
  content: string;
  priority: NotificationPriority;
  dueDate: string;
  reminderFrequency: ReminderFrequency;
};

export const TYPE_OPTIONS: { value: AddableType; label: string }[] = [
  { value: 'note', label: 'Note' },
  { value: 'notification', label: 'Notification' },
  { value: 'reminder', label: 'Reminder' },
];

export const FREQUENCY_OPTIONS: { value: ReminderFrequency; label: string }[] = [
  { value: 'once', label: 'Once' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

export const PRIORITY_OPTIONS: { value: NotificationPriority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
];

export const hasDueDate = (type: AddableType) => type !== 'note';
export const hasFrequency = (type: AddableType) => type === 'reminder';

export const initialAddValues = (type: AddableType): AddValues => ({
  type,
  title: '',
  content: '',
  priority: 'medium',
  dueDate: '',
  reminderFrequency: 'once',
});

/**
 * The request the fields make: hidden fields are left out (a note has no due date, only a reminder
 * repeats), and the due date becomes an ISO instant. Sender is the server's ("You").
 */
export const toCreatePayload = (v: AddValues, timeZone: string) => ({
  type: v.type,
  title: v.title,
  content: v.content,
  priority: v.priority,
  // Text that is not a date-time goes through as typed, so the schema's message explains it.
  dueDate:
    hasDueDate(v.type) && v.dueDate.trim() ? (localInputToIso(v.dueDate, timeZone) ?? v.dueDate) : null,
  reminderFrequency: hasFrequency(v.type) ? v.reminderFrequency : null,
});

/** The core schema behind the fields' shape; both load on first validation, not with the page. */
export const loadAddSchema = async (timeZone: string) => {
  const [{ NotificationCreateRequest }, { preprocess }] = await Promise.all([
    loadCore(),
    import('@/lib/zod-preprocess'),
  ]);
  return preprocess(
    (v) => toCreatePayload(v as AddValues, timeZone),
    NotificationCreateRequest,
  ) as unknown as z.ZodType<NotificationCreateRequest, AddValues>;
};
