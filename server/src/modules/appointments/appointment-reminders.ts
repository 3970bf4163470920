import {
  appointmentStartWords,
  remindersAhead,
  reminderTitle,
} from '@healthfolio/core/appointments/appointment-reminders';
import type { Tx } from '../../db/database';
import { insertNotifications } from '../notifications/notifications.repository';
import { appointmentSummary } from './appointments.presenter';
import { type AppointmentRow, deletePendingReminders } from './appointments.repository';

export const APPOINTMENT_REMINDER_SENDER = 'Appointment Reminder';

/**
 * Keeps an appointment's reminders (24 hours and 1 hour before) in step with it: the pending ones are
 * replaced on every change and dropped when it is cancelled; a reminder whose time has passed is not
 * created. The scheduler delivers them like any other reminder.
 */
export const syncAppointmentReminders = async (tx: Tx, row: AppointmentRow, now = new Date()) => {
  await deletePendingReminders(tx, row.userId, row.id);
  if (row.status !== 'scheduled') return;
  const when = appointmentStartWords(row.date, row.startTime);
  const where = row.location ? `, ${row.location}` : row.telehealthUrl ? ' (telehealth)' : '';
  const values = remindersAhead(row.startsAt, now)
    .map((o) => ({ ...o, due: new Date(row.startsAt.getTime() - o.ms) }))
    .map((o) => ({
      userId: row.userId,
      type: 'reminder',
      priority: o.key === '1h' ? 'high' : 'medium',
      title: reminderTitle(o, row.provider),
      content: `${appointmentSummary(row)} on ${when}${where}.`,
      senderName: APPOINTMENT_REMINDER_SENDER,
      senderType: 'system',
      recipientType: 'patient',
      dueDate: o.due,
      appointmentId: row.id,
      metadata: { appointment_id: row.id, reminder_offset: o.key },
    }));
  if (values.length) await insertNotifications(tx, values);
};
