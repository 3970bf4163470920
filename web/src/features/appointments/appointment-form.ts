import type { FieldErrors, Resolver } from 'react-hook-form';
import { loadCore } from '@/lib/lazy-resolver';
import type { AppointmentFields, AppointmentResponse } from './appointments-api';

/** What the dialog's inputs hold: text, "" for a field left empty. */
export type AppointmentValues = {
  provider: string;
  specialty: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  telehealthUrl: string;
  reason: string;
  preparation: string;
};

export const FIELD_NAMES = [
  'provider',
  'specialty',
  'date',
  'startTime',
  'endTime',
  'location',
  'telehealthUrl',
  'reason',
  'preparation',
] as const satisfies readonly (keyof AppointmentValues)[];

export {
  APPOINTMENT_REQUIRED_MESSAGE as REQUIRED_DESCRIPTION,
  APPOINTMENT_REQUIRED_TITLE as REQUIRED_TITLE,
} from '@healthfolio/core/appointments/appointment-options';

// The toast names all three; each empty field says what it wants.
const MISSING: Partial<Record<keyof AppointmentValues, string>> = {
  provider: 'Enter the provider',
  date: 'Choose the date',
  startTime: 'Choose the start time',
};

export const initialValues = (a?: AppointmentResponse): AppointmentValues =>
  Object.fromEntries(
    FIELD_NAMES.map((name) => [name, a?.[name]?.slice(0, name.endsWith('Time') ? 5 : undefined) ?? '']),
  ) as AppointmentValues;

/** True when a required field is left empty: the spec's "Missing required fields" case. */
export const missesRequired = (values: AppointmentValues) =>
  Object.keys(MISSING).some((k) => values[k as keyof AppointmentValues].trim() === '');

/** A server or schema path ("endTime", "body.endTime") → the field it is about. */
export const fieldForPath = (path: string | readonly PropertyKey[]): keyof AppointmentValues | 'root' => {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  return (
    (parts.find((p) => (FIELD_NAMES as readonly string[]).includes(p)) as keyof AppointmentValues) ?? 'root'
  );
};

/** The core schema, loaded on first validation; its messages are the server's own. */
export const appointmentResolver: Resolver<AppointmentValues, unknown, AppointmentFields> = async (
  values,
) => {
  const { AppointmentCreateRequest } = await loadCore();
  const result = AppointmentCreateRequest.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = fieldForPath(issue.path);
    const empty = field !== 'root' && values[field].trim() === '';
    errors[field] ??= { type: issue.code, message: (empty && MISSING[field]) || issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<AppointmentValues> };
};
