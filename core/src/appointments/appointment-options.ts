/**
 * The appointment dialog's choices and messages. Kept free of zod so the page can import them without
 * pulling the schema library into its first load.
 */
export const APPOINTMENT_SPECIALTIES = [
  'Primary Care',
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Neurology',
  'Pediatrics',
] as const;

/** Spec §5: the toast when provider, date or start time is missing. */
export const APPOINTMENT_REQUIRED_TITLE = 'Missing required fields';
export const APPOINTMENT_REQUIRED_MESSAGE = 'Provider, Date and Start Time are required.';

/** The name an appointment's calendar file is saved under (the server's header and the web's download). */
export const appointmentIcsFilename = (date: string) => `appointment-${date}.ics`;

/**
 * A visit is over once its end (its start, without an end) has passed: it is then listed under Past,
 * offers no Join link and gets no reminders. The server's lists apply the same rule in SQL
 * (appointments.repository `selectAppointments`).
 */
export const appointmentIsOver = (a: { startsAt: string; endsAt: string | null }, now = Date.now()) =>
  Date.parse(a.endsAt ?? a.startsAt) <= now;
