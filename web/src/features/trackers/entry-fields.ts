import type { EntryResponse, GlucoseUnit } from '@healthfolio/core';
import { countOf } from '@healthfolio/core/text/count-words';
import { OWN_RECORD, type Whose } from '@healthfolio/core/text/whose';
import { MOOD_SCALE_MAX, PAIN_SCALE_MAX } from '@healthfolio/core/trackers/scales';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import { humanize, humanizeKey } from './tracker-meta';

/** A value as text, in `unit`, speaking of whose record it is (`w`: the account's own unless told). */
type Text = (value: unknown, unit: GlucoseUnit, w?: Whose) => string | undefined;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const withNumber =
  (text: (n: number, unit: GlucoseUnit) => string): Text =>
  (v, unit) => {
    const n = num(v);
    return n === undefined ? undefined : text(n, unit);
  };

const glucose = withNumber(formatGlucoseWithUnit);
const grams = withNumber((n) => `${n} g`);
/** A rating with its scale, as the entry form offers it: "4/5", "6/10". */
export const outOf = (n: number | string, max: number) => `${n}/${max}`;
const mood = withNumber((n) => outOf(n, MOOD_SCALE_MAX));
const mmHg = withNumber((n) => `${n} mmHg`);
/** Doses as the calculator writes them: "7.0 units". */
export const insulinUnits = (n: number) => `${n.toFixed(1)} units`;
const units = withNumber(insulinUnits);

/** A meal's foods by name and amount: "Banana, 150 g (34.5 g carbs)". */
const foods: Text = (v) => {
  if (!Array.isArray(v)) return undefined;
  return v
    .map((f: { name?: unknown; portion?: unknown; carbs?: unknown }) => {
      const carbs = num(f.carbs) === undefined ? '' : ` (${f.carbs} g carbs)`;
      return `${typeof f.name === 'string' ? f.name : 'A food'}${num(f.portion) === undefined ? '' : `, ${f.portion} g`}${carbs}`;
    })
    .join('; ');
};

/**
 * How each stored data field reads on a screen: its label, and its value with the unit it is in
 * (copy guide §1–2: no field names, enum values, booleans or JSON on a user's screen).
 */
const FIELDS: Record<string, { label: string; text?: Text }> = {
  glucose: { label: 'Glucose', text: glucose },
  glucose_reading: { label: 'Glucose', text: glucose },
  target_glucose: { label: 'Target glucose', text: glucose },
  correction_factor: {
    label: 'Correction factor',
    text: withNumber((n, unit) => `1 unit lowers glucose by ${formatGlucoseWithUnit(n, unit)}`),
  },
  carb_ratio: { label: 'Carb ratio', text: withNumber((n) => `1 unit covers ${n} g of carbs`) },
  carbs: { label: 'Carbs', text: grams },
  carbsConsumed: { label: 'Carbs consumed', text: grams },
  calories: { label: 'Calories', text: withNumber((n) => `${n} kcal`) },
  meal_type: { label: 'Meal' },
  meal_insulin: { label: 'Meal insulin', text: units },
  correction_insulin: { label: 'Correction insulin', text: units },
  total_insulin: { label: 'Total insulin', text: units },
  max_single_dose: { label: 'Maximum single dose', text: units },
  dia_hours: { label: 'Duration of insulin action', text: withNumber((n) => countOf(n, 'hour')) },
  insulin_curve: { label: 'Insulin type' },
  high_dose_confirmed: {
    label: 'High Dose Alert',
    // A ward's dose may have been confirmed by her or by any of her guardians: not "you".
    text: (v, _, w) =>
      v !== true
        ? undefined
        : w?.name
          ? 'This dose was confirmed when it was logged'
          : 'You confirmed this dose',
  },
  foods: { label: 'Foods', text: foods },
  systolic: { label: 'Systolic', text: mmHg },
  diastolic: { label: 'Diastolic', text: mmHg },
  mood: { label: 'Mood', text: mood },
  energy: { label: 'Energy', text: mood },
  stress: { label: 'Stress', text: mood },
  sleepQuality: { label: 'Sleep quality', text: mood },
  painIntensity: { label: 'Pain intensity', text: withNumber((n) => outOf(n, PAIN_SCALE_MAX)) },
  test_date: { label: 'Test date' },
  lab_name: { label: 'Lab' },
};

export const fieldLabel = (key: string) => FIELDS[key]?.label ?? humanizeKey(key);

/** A data value as text: the field's own words and unit, else enumerations as words and lists joined. */
export const dataValueText = (
  key: string,
  value: unknown,
  unit: GlucoseUnit,
  w: Whose = OWN_RECORD,
): string | undefined => {
  const own = FIELDS[key]?.text;
  if (own) return own(value, unit, w);
  // Units read as written ("kg", "lbs"), not as a sentence ("Kg").
  if (key === 'weightUnit' && typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? humanize(v) : String(v))).join(', ');
  if (typeof value === 'string') return /^[a-z0-9_-]+$/.test(value) ? humanize(value) : value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return undefined;
};

/** The one-line value of a diabetes-toolset entry (insulin, its settings, A1C). */
export const toolsetValue = (entry: EntryResponse, unit: GlucoseUnit): string | undefined => {
  const d = entry.data;
  switch (entry.tracker) {
    case 'insulin':
      return num(d.total_insulin) === undefined ? undefined : insulinUnits(d.total_insulin as number);
    case 'insulin-settings': {
      const target = glucose(d.target_glucose, unit);
      const ratio = num(d.carb_ratio);
      return [target && `Target ${target}`, ratio !== undefined && `1 unit per ${ratio} g of carbs`]
        .filter(Boolean)
        .join(', ');
    }
    case 'a1c':
      return num(d.value) === undefined ? undefined : `${d.value}%`;
    default:
      return undefined;
  }
};
