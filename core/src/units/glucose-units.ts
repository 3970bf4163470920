import type { GlucoseUnit } from '../profiles/profile.schema';
import { parseDecimalInput, roundTo } from './round';

/** mg/dL per mmol/L: the molar mass of glucose (180.156 g/mol) divided by 10. */
export const MGDL_PER_MMOLL = 18.0156;

export function mgdlToMmol(mgdl: number): number {
  return mgdl / MGDL_PER_MMOLL;
}

export function mmolToMgdl(mmol: number): number {
  return mmol * MGDL_PER_MMOLL;
}

/** A stored mg/dL value (or threshold) in the user's unit, unrounded: for chart axes and lines. */
export function glucoseInUnit(mgdl: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? mgdlToMmol(mgdl) : mgdl;
}

/** Decimal places shown per unit: whole mg/dL, one decimal mmol/L (clinical convention). */
export function glucoseDecimals(unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? 1 : 0;
}

/** The number a user sees for a stored mg/dL value. */
export function roundGlucoseForDisplay(mgdl: number, unit: GlucoseUnit): number {
  return roundTo(glucoseInUnit(mgdl, unit), glucoseDecimals(unit));
}

/** Text for a stored mg/dL value in the user's unit, without the unit label ("120", "6.7"). */
export function formatGlucose(mgdl: number, unit: GlucoseUnit): string {
  return roundGlucoseForDisplay(mgdl, unit).toFixed(glucoseDecimals(unit));
}

/** Text with the unit label ("120 mg/dL", "6.7 mmol/L"). */
export function formatGlucoseWithUnit(mgdl: number, unit: GlucoseUnit): string {
  return `${formatGlucose(mgdl, unit)} ${unit}`;
}

/**
 * A value the user typed in their unit, back to mg/dL for storage. Not rounded: the stored value
 * keeps what the user typed exactly, so showing it again in the same unit gives the same text.
 * Returns null for empty, malformed, negative or non-finite input.
 */
export function parseGlucoseInput(input: string | number, unit: GlucoseUnit): number | null {
  const value = parseDecimalInput(input);
  if (value === null || value < 0) return null;
  return unit === 'mmol/L' ? mmolToMgdl(value) : value;
}
