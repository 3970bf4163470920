import type { NotificationResponse } from '@healthfolio/core';
import {
  NOTIFICATION_TABS,
  type NotificationTab,
  type NotificationType,
} from '@healthfolio/core/notifications/notification-tabs';

const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

type Sample = Pick<
  NotificationResponse,
  'id' | 'type' | 'priority' | 'title' | 'content' | 'senderName' | 'senderType' | 'isRead'
> & { createdHoursAgo: number; dueInHours?: number };

/**
 * The alerts page's built-in samples (spec §2), shown only to a signed-out visitor or when the real
 * list cannot be loaded, always under the demo banner. Names are made up; nothing here is anyone's data.
 */
const SAMPLES: Sample[] = [
  {
    id: 'sample-medication',
    type: 'medication',
    priority: 'high',
    title: 'Time for your evening medication',
    content: 'Sample reminder: Metformin 500 mg, 1 tablet with dinner.',
    senderName: 'System',
    senderType: 'system',
    isRead: false,
    createdHoursAgo: 1,
    dueInHours: 2,
  },
  {
    id: 'sample-glucose',
    type: 'alert',
    priority: 'urgent',
    title: 'Blood glucose above your target',
    content: 'Sample alert: a reading of 245 mg/dL was logged after lunch. Recheck in 2 hours.',
    senderName: 'System',
    senderType: 'system',
    isRead: false,
    createdHoursAgo: 3,
  },
  {
    id: 'sample-doctor-note',
    type: 'note',
    priority: 'medium',
    title: 'Note from Dr. Sample',
    content: 'Your blood pressure log looks steady. Keep taking readings each morning before coffee.',
    senderName: 'Dr. Alex Sample',
    senderType: 'doctor',
    isRead: false,
    createdHoursAgo: 20,
  },
  {
    id: 'sample-bp-check',
    type: 'notification',
    priority: 'medium',
    title: 'Log this week’s blood pressure',
    content: 'Sample task: add three morning readings so your care team can review the trend.',
    senderName: 'Sample Care Team',
    senderType: 'staff',
    isRead: true,
    createdHoursAgo: 30,
    dueInHours: 48,
  },
  {
    id: 'sample-appointment',
    type: 'reminder',
    priority: 'low',
    title: 'Appointment reminder: annual check-up',
    content: 'Sample reminder: Sample Family Clinic, bring your medication list.',
    senderName: 'System',
    senderType: 'system',
    isRead: true,
    createdHoursAgo: 48,
    dueInHours: 26,
  },
];

export const SAMPLE_ALERTS: NotificationResponse[] = SAMPLES.map(({ createdHoursAgo, dueInHours, ...s }) => ({
  ...s,
  recipientType: 'patient',
  dueDate: dueInHours === undefined ? null : at(dueInHours),
  reminderFrequency: null,
  isCompleted: false,
  metadata: {},
  deliveredAt: null,
  createdAt: at(-createdHoursAgo),
  updatedAt: at(-createdHoursAgo),
}));

export const samplesFor = (tab: NotificationTab) => {
  const types: readonly NotificationType[] = NOTIFICATION_TABS[tab];
  return SAMPLE_ALERTS.filter((n) => types.includes(n.type));
};

export const sampleUnreadCounts = () => ({
  all: samplesFor('all').filter((n) => !n.isRead).length,
  notes: samplesFor('notes').filter((n) => !n.isRead).length,
  actions: samplesFor('actions').filter((n) => !n.isRead).length,
  reminders: samplesFor('reminders').filter((n) => !n.isRead).length,
});
