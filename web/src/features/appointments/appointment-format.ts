import { zoneWords } from '@healthfolio/core/text/zone-words';
import type { AppointmentResponse } from './appointments-api';

// The date and times are wall clock in the appointment's own zone: they are formatted as written
// (read as UTC and shown in UTC), never converted through the browser's zone.
const dateFormat = new Intl.DateTimeFormat(undefined, {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', timeStyle: 'short' });

const wall = (date: string, time = '00:00') => new Date(`${date}T${time.slice(0, 5)}:00Z`);

/** "Tue, Dec 1, 2026". */
export const appointmentDate = (a: Pick<AppointmentResponse, 'date'>) => dateFormat.format(wall(a.date));

/** "9:00 AM – 9:30 AM", or "9:00 AM" without an end. */
export const appointmentTimes = (a: Pick<AppointmentResponse, 'date' | 'startTime' | 'endTime'>) => {
  const start = timeFormat.format(wall(a.date, a.startTime));
  return a.endTime ? `${start} – ${timeFormat.format(wall(a.date, a.endTime))}` : start;
};

/** "Tue, Dec 1, 2026 · 9:00 AM – 9:30 AM", naming the zone when it is not the user's current one. */
export const appointmentWhen = (a: AppointmentResponse, profileZone: string) => {
  const text = `${appointmentDate(a)} · ${appointmentTimes(a)}`;
  return a.timeZone === profileZone ? text : `${text} (${zoneWords(a.timeZone)})`;
};
