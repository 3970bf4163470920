import { z } from 'zod';
import { text } from '../http/text';
import { LocalDate, LocalTime } from '../notifications/wall-clock';
import {
  APPOINTMENT_REQUIRED_MESSAGE,
  APPOINTMENT_REQUIRED_TITLE,
  APPOINTMENT_SPECIALTIES,
  appointmentIcsFilename,
} from './appointment-options';

export {
  APPOINTMENT_REQUIRED_MESSAGE,
  APPOINTMENT_REQUIRED_TITLE,
  APPOINTMENT_SPECIALTIES,
  appointmentIcsFilename,
};

export const AppointmentSpecialty = z.enum(APPOINTMENT_SPECIALTIES);
export type AppointmentSpecialty = z.infer<typeof AppointmentSpecialty>;

/** Forms send "" for a field left empty; that means "not given". */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const isWebUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Only http(s): a `javascript:` or `data:` link rendered as "Join" would run in the app's origin. */
const TelehealthUrl = text()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isWebUrl(v), {
    message: 'Enter a web address starting with http:// or https://',
  });

const requiredField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const fields = {
  provider: requiredField(
    text({ error: APPOINTMENT_REQUIRED_MESSAGE }).trim().max(200, 'At most 200 characters'),
  ),
  specialty: z
    .union([z.literal(''), AppointmentSpecialty])
    .nullish()
    .transform((v) => v || null),
  date: requiredField(z.string({ error: APPOINTMENT_REQUIRED_MESSAGE }).pipe(LocalDate)),
  startTime: requiredField(z.string({ error: APPOINTMENT_REQUIRED_MESSAGE }).pipe(LocalTime)),
  endTime: z
    .union([z.literal(''), LocalTime])
    .nullish()
    .transform((v) => v || null),
  location: optionalText(300),
  telehealthUrl: TelehealthUrl,
  reason: optionalText(1000),
  preparation: optionalText(2000),
};

const endAfterStart = (a: { startTime?: string; endTime?: string | null }) =>
  !a.endTime || !a.startTime || a.endTime > a.startTime;
const END_MESSAGE = { message: 'The end time must be after the start time', path: ['endTime'] };

/** "Schedule New Appointment": provider, date and start time are required; the end is after the start. */
export const AppointmentCreateRequest = z.strictObject(fields).refine(endAfterStart, END_MESSAGE);
export type AppointmentCreateRequest = z.input<typeof AppointmentCreateRequest>;
export type AppointmentFields = z.output<typeof AppointmentCreateRequest>;

/** Edit: any subset of the fields; the merged appointment is checked again as a whole. */
export const AppointmentUpdateRequest = z
  .strictObject(fields)
  .partial()
  .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'Nothing to update' });
export type AppointmentUpdateRequest = z.input<typeof AppointmentUpdateRequest>;

export const APPOINTMENT_STATUSES = ['scheduled', 'cancelled'] as const;

export const AppointmentResponse = z.object({
  id: z.string().uuid(),
  provider: z.string(),
  specialty: AppointmentSpecialty.nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  telehealthUrl: z.string().nullable(),
  reason: z.string().nullable(),
  preparation: z.string().nullable(),
  /** The zone the date and times are in (the user's zone when it was saved). */
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentResponse = z.infer<typeof AppointmentResponse>;

export const AppointmentListQuery = z.strictObject({
  /** upcoming: not cancelled and not yet over, soonest first; past: over or cancelled, latest first. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type AppointmentListQuery = z.infer<typeof AppointmentListQuery>;

export const AppointmentListResponse = z.object({ items: z.array(AppointmentResponse) });
export type AppointmentListResponse = z.infer<typeof AppointmentListResponse>;

export const CalendarFeedResponse = z.object({
  active: z.boolean(),
  /** The subscription address; shown once, when created (only its hash is kept). */
  url: z.string().nullable(),
  webcalUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponse>;
