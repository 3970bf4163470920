import { roundTo } from '../units/round';
import { ucumLabel } from './ucum-labels';

/** Significant figures a lab value keeps; digits before the point are never rounded away. */
const SIGNIFICANT = 3;

/** Decimal places a value keeps: what the number itself carries, capped at three significant figures. */
const decimalsOf = (value: number, unit: string | null) => {
  const clean = Number(value.toPrecision(12));
  const carried = (String(clean).split('.')[1] ?? '').length;
  const magnitude = clean === 0 ? 0 : Math.floor(Math.log10(Math.abs(clean)));
  // A percentage (HbA1c, haematocrit) is reported to one decimal, as the A1C screens show it.
  const cap = unit === '%' ? 1 : Math.max(0, SIGNIFICANT - 1 - magnitude);
  return Math.min(carried, cap);
};

/** A lab number as a report prints it: 6.352684229274522 → "6.35", 132 → "132", 0.1 + 0.2 → "0.3". */
export const labNumberText = (value: number, unit: string | null = null) =>
  String(roundTo(value, decimalsOf(value, unit)));

/** The unit after a value: " mmHg", "%" written against it, nothing for a unitless score. */
export const labUnitSuffix = (unit: string | null) => {
  const label = unit ? ucumLabel(unit) : '';
  return !label ? '' : label === '%' || label.startsWith('/') ? label : ` ${label}`;
};

/** A lab value and its unit as people read them: "6.4%", "37.7 °C", "132 mmHg", "3.26". */
export const labValueText = (value: number, unit: string | null) =>
  `${labNumberText(value, unit)}${labUnitSuffix(unit)}`;

/**
 * A range from its ends, in a unit: "3.5–5.1 mmol/L", "200 mg/dL or less", "Below 100 mg/dL" (an
 * exclusive high end), "4–6" for a score; '' without ends.
 */
export const rangeWords = (
  low: number | null,
  high: number | null,
  unitCode: string | null,
  highExclusive = false,
) => {
  const unit = labUnitSuffix(unitCode);
  const n = (v: number) => labNumberText(v, unitCode);
  if (high !== null && highExclusive)
    return low !== null ? `${n(low)} to below ${n(high)}${unit}` : `Below ${n(high)}${unit}`;
  if (low !== null && high !== null) return `${n(low)}–${n(high)}${unit}`;
  if (high !== null) return `${n(high)}${unit} or less`;
  if (low !== null) return `${n(low)}${unit} or more`;
  return '';
};
