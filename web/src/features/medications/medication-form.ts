import type {
  MedicationFrequency,
  MedicationScheduleRequest,
  MedicationScheduleSummary,
} from '@healthfolio/core';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { loadCore } from '@/lib/lazy-resolver';
import { today } from './dose-status';

export type MedicationValues = {
  medicationName: string;
  dosage: string;
  dailyTimes: string[];
  frequency: MedicationFrequency;
  startDate: string;
  endDate: string;
  specialInstructions: string;
  prescriber: string;
  prescriptionNumber: string;
  refillDate: string;
};

export const FREQUENCY_OPTIONS: { value: MedicationFrequency; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'once', label: 'Once' },
  { value: 'monthly', label: 'Monthly' },
];

/** A new schedule starts today on the profile's wall clock, daily, with no times yet. */
export const initialValues = (timeZone: string): MedicationValues => ({
  medicationName: '',
  dosage: '',
  dailyTimes: [],
  frequency: 'daily',
  startDate: today(timeZone),
  endDate: '',
  specialInstructions: '',
  prescriber: '',
  prescriptionNumber: '',
  refillDate: '',
});

/** A schedule as the form edits it. */
export const valuesOf = (s: MedicationScheduleSummary): MedicationValues => ({
  medicationName: s.medicationName,
  dosage: s.dosage,
  dailyTimes: s.dailyTimes,
  frequency: s.frequency,
  startDate: s.startDate ?? '',
  endDate: s.endDate ?? '',
  specialInstructions: s.specialInstructions ?? '',
  prescriber: s.prescriber ?? '',
  prescriptionNumber: s.prescriptionNumber ?? '',
  refillDate: s.refillDate ?? '',
});

const FIELDS = new Set<string>(Object.keys(initialValues('UTC')));

/** A schema or server path ("dailyTimes.0") as the form field it belongs to. */
export const fieldForPath = (path: readonly PropertyKey[] | string): keyof MedicationValues | 'root' => {
  const head = String(typeof path === 'string' ? path.split('.')[0] : path[0]);
  return FIELDS.has(head) ? (head as keyof MedicationValues) : 'root';
};

type Errors = Record<string, { type: string; message: string }>;

/**
 * Validates with the core schema the server uses. The spec has one message for a missing name,
 * dosage or time: each missing field carries it (type `required`) and `formMessage` shows it once.
 * It is not put at the form's root: react-hook-form re-validates only the field being changed, so a
 * root error would stay after every field was filled in.
 */
export const medicationResolver: Resolver<MedicationValues, unknown, MedicationScheduleRequest> = async (
  values,
) => {
  const { MedicationScheduleRequest, MEDICATION_REQUIRED_MESSAGE } = await loadCore();
  const result = MedicationScheduleRequest.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = fieldForPath(issue.path);
    const required = issue.message === MEDICATION_REQUIRED_MESSAGE;
    errors[field] ??= { type: required ? 'required' : issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<MedicationValues> };
};

/** The message above the form: the server's, or the missing-fields one while a field is still missing. */
export const formMessage = (errors: FieldErrors<MedicationValues>): string | undefined => {
  if (errors.root?.message) return errors.root.message;
  const missing = Object.values(errors).find((e) => e && 'type' in e && e.type === 'required');
  return missing?.message as string | undefined;
};

/** A field's own message; a missing value is told once for the whole form instead. */
export const ownError = (errors: FieldErrors<MedicationValues>, name: keyof MedicationValues) => {
  const e = errors[name];
  return e && e.type !== 'required' ? (e.message as string | undefined) : undefined;
};
