import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TABS,
  NOTIFICATION_TYPES,
  NotificationCreateRequest,
  NotificationUpdateRequest,
  REQUIRED_FIELDS_MESSAGE,
} from './notification.schema';

const messages = (body: unknown) =>
  NotificationCreateRequest.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
  [];

describe('NotificationCreateRequest', () => {
  it('needs a type, a title and content, with the form’s message', () => {
    expect(messages({})).toEqual([
      `type: ${REQUIRED_FIELDS_MESSAGE}`,
      `title: ${REQUIRED_FIELDS_MESSAGE}`,
      `content: ${REQUIRED_FIELDS_MESSAGE}`,
    ]);
    expect(messages({ type: 'note', title: '   ', content: 'x' })).toEqual([
      `title: ${REQUIRED_FIELDS_MESSAGE}`,
    ]);
  });

  it('lets users create notes, notifications and reminders only; priority defaults to medium', () => {
    expect(NotificationCreateRequest.parse({ type: 'note', title: 't', content: 'c' }).priority).toBe(
      'medium',
    );
    expect(messages({ type: 'alert', title: 't', content: 'c' })).toHaveLength(1);
    expect(messages({ type: 'medication', title: 't', content: 'c' })).toHaveLength(1);
  });

  it('takes a due date only for notifications and reminders, a frequency only for reminders', () => {
    const due = '2025-06-01T09:00:00Z';
    expect(messages({ type: 'note', title: 't', content: 'c', dueDate: due })).toEqual([
      'dueDate: A due date can be set only for notifications and reminders',
    ]);
    expect(messages({ type: 'notification', title: 't', content: 'c', dueDate: due })).toEqual([]);
    expect(messages({ type: 'notification', title: 't', content: 'c', reminderFrequency: 'daily' })).toEqual([
      'reminderFrequency: A frequency can be set only for reminders',
    ]);
    expect(
      messages({ type: 'reminder', title: 't', content: 'c', dueDate: due, reminderFrequency: 'weekly' }),
    ).toEqual([]);
  });
});

describe('NotificationUpdateRequest', () => {
  it('needs something to change and cannot un-complete', () => {
    expect(NotificationUpdateRequest.safeParse({}).success).toBe(false);
    expect(NotificationUpdateRequest.safeParse({ isCompleted: false }).success).toBe(false);
    expect(NotificationUpdateRequest.safeParse({ isRead: true }).success).toBe(true);
  });
});

describe('tabs', () => {
  it('every type is in All, and each other tab covers distinct types', () => {
    expect([...NOTIFICATION_TABS.all]).toEqual([...NOTIFICATION_TYPES]);
    const covered = [
      ...NOTIFICATION_TABS.notes,
      ...NOTIFICATION_TABS.actions,
      ...NOTIFICATION_TABS.reminders,
    ];
    expect(new Set(covered).size).toBe(covered.length);
    expect(new Set(covered)).toEqual(new Set(NOTIFICATION_TYPES));
  });
});
