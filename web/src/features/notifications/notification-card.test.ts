import type { NotificationResponse } from '@healthfolio/core';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotificationCard } from './notification-card';

const dose = (change: Partial<NotificationResponse>): NotificationResponse =>
  ({
    id: 'd1',
    type: 'reminder',
    priority: 'medium',
    title: 'Metformin 500 mg',
    content: 'Time to take your Metformin',
    senderName: 'Medication Reminder',
    senderType: 'system',
    recipientType: 'patient',
    dueDate: '2026-11-30T08:00:00.000Z',
    reminderFrequency: null,
    isRead: false,
    isCompleted: false,
    metadata: { schedule_id: 's1' },
    createdAt: '2026-11-29T08:00:00.000Z',
    updatedAt: '2026-11-29T08:00:00.000Z',
    ...change,
  }) as NotificationResponse;
const text = (item: NotificationResponse) =>
  renderToStaticMarkup(h(NotificationCard, { item, timeZone: 'UTC' })).replace(/<[^>]+>/g, ' ');

describe('a medication dose reminder in the notification list', () => {
  it('says Skipped once the dose was skipped, and is no longer unread', () => {
    const skipped = text(dose({ isRead: true, metadata: { schedule_id: 's1', skipped: true } }));
    expect(skipped).toContain('Skipped');
    expect(skipped).not.toContain('Unread');
    expect(skipped).not.toContain('Completed');
  });

  it('says Completed once taken, and neither while still open', () => {
    expect(text(dose({ isRead: true, isCompleted: true }))).toContain('Completed');
    const open = text(dose({}));
    expect(open).toContain('Unread');
    expect(open).not.toMatch(/Skipped|Completed/);
  });
});
