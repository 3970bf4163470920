import type { AppointmentResponse } from '@healthfolio/core';
import {
  APPOINTMENT_REMINDER_OFFSETS,
  reminderTitle,
} from '@healthfolio/core/appointments/appointment-reminders';
import type { AppointmentRow } from './appointments.repository';
import type { IcsEvent } from './ics';

export const presentAppointment = (row: AppointmentRow): AppointmentResponse => ({
  id: row.id,
  provider: row.provider,
  specialty: row.specialty as AppointmentResponse['specialty'],
  date: row.date,
  startTime: row.startTime,
  endTime: row.endTime,
  location: row.location,
  telehealthUrl: row.telehealthUrl,
  reason: row.reason,
  preparation: row.preparation,
  timeZone: row.timeZone,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  status: row.status as AppointmentResponse['status'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const appointmentSummary = (row: Pick<AppointmentRow, 'provider' | 'specialty'>) =>
  row.specialty ? `${row.specialty} appointment with ${row.provider}` : `Appointment with ${row.provider}`;

export const appointmentEvent = (row: AppointmentRow): IcsEvent => ({
  uid: `${row.id}@healthfolio`,
  sequence: row.sequence,
  stamp: row.updatedAt,
  start: row.startsAt,
  end: row.endsAt,
  summary: appointmentSummary(row),
  location: row.location ?? (row.telehealthUrl ? 'Telehealth' : null),
  description: [
    row.reason && `Reason: ${row.reason}`,
    row.preparation && `Preparation: ${row.preparation}`,
    row.telehealthUrl && `Join: ${row.telehealthUrl}`,
  ]
    .filter(Boolean)
    .join('\n'),
  url: row.telehealthUrl,
  cancelled: row.status === 'cancelled',
  // The same reminders the app sends (24 hours and 1 hour before), for a calendar that shows alarms.
  alarms: APPOINTMENT_REMINDER_OFFSETS.map((o) => ({
    beforeMs: o.ms,
    description: reminderTitle(o, row.provider),
  })),
});
