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
