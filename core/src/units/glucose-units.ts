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
 * A limit of a range (a setting's lowest or highest allowed level) as text in the user's unit, rounded
 * inward when it falls between two shown values, so the number shown is itself allowed when typed back
 * (at most 100 mg/dL: "5.5 mmol/L", since 5.6 mmol/L is 100.9 mg/dL).
 */
export function formatGlucoseLimit(mgdl: number, side: 'min' | 'max', unit: GlucoseUnit): string {
  const decimals = glucoseDecimals(unit);
  const scaled = glucoseInUnit(mgdl, unit) * 10 ** decimals;
  const nearest = Math.round(scaled);
  const shown =
    Math.abs(scaled - nearest) < 1e-9 ? nearest : side === 'min' ? Math.ceil(scaled) : Math.floor(scaled);
  return `${(shown / 10 ** decimals).toFixed(decimals)} ${unit}`;
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
