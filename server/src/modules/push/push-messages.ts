import type { PushKind } from '@healthfolio/core';
import type { PushMessage } from './push.service';

export interface DueReminder {
  id: string;
  user_id: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

/**
 * A due reminder as a push. A lock screen sees only what kind of reminder it is; the reminder's own
 * words (a medication's name and dose, a doctor's name) only on devices that allow values.
 */
export const reminderPush = (r: DueReminder): PushMessage => {
  const [kind, body, url]: [PushKind, string, string] =
    typeof r.metadata?.medication_name === 'string'
      ? ['medication_reminder', 'A medication dose is due.', '/dashboard/notifications']
      : typeof r.metadata?.appointment_id === 'string'
        ? ['appointment_reminder', 'You have an appointment coming up.', '/dashboard/appointments']
        : ['reminder', 'A reminder is due.', '/dashboard/notifications'];
  return {
    userId: r.user_id,
    kind,
    title: 'Reminder',
    body,
    withValue: { title: r.title, body: r.content },
    url,
    tag: `reminder-${r.id}`,
  };
};

/** The follow-up's steps: the lock screen hears that glucose was low, the value only where allowed. */
export const followUpPush = (
  userId: string,
  followUpId: string,
  step: 'recheck' | 'escalated',
  message: { title: string; content: string },
): PushMessage => ({
  userId,
  kind: 'hypo_follow_up',
  title: message.title,
  body:
    step === 'recheck'
      ? 'Your glucose was low a while ago. Check it now and log it.'
      : 'Your low glucose has not come back up. Treat it again and re-check; get help if you need it.',
  withValue: { body: message.content },
  url: '/dashboard/notifications',
  urgent: step === 'escalated',
  tag: `hypo-${followUpId}`,
});

/** To a caregiver: the person's name and "Urgent low" may show on any lock screen, the value not. */
export const caregiverPush = (
  caregiverId: string,
  ownerName: string,
  followUpId: string,
  message: { title: string; content: string },
): PushMessage => ({
  userId: caregiverId,
  kind: 'caregiver_alert',
  title: `Urgent low: ${ownerName}`,
  body: `${ownerName}'s glucose is low and has not come back up. Please check on them.`,
  withValue: { title: message.title, body: message.content },
  url: '/dashboard/notifications',
  urgent: true,
  tag: `caregiver-${followUpId}`,
});

/** The follow-up's first alert (or its upgrade to urgent), as stored: "Urgent low glucose". */
export const lowAlertPush = (
  userId: string,
  notice: { id: string; title: string; content: string; priority: string; metadata: Record<string, unknown> },
): PushMessage => ({
  userId,
  kind: 'hypo_follow_up',
  title: notice.title,
  body: 'Your glucose is low. Treat it now, then re-check.',
  withValue: { body: notice.content },
  url: '/dashboard/notifications',
  urgent: notice.priority === 'urgent',
  tag: `hypo-${String(notice.metadata.hypoFollowUpId ?? notice.id)}`,
});
