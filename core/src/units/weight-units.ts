import { parseDecimalInput, roundTo } from './round';

export const WEIGHT_UNITS = ['lbs', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The spec's two factors (they are not exact inverses; each direction uses its own). */
export const KG_PER_LB = 0.453592;
export const LB_PER_KG = 2.20462;

export function lbToKg(lb: number): number {
  return lb * KG_PER_LB;
}

export function kgToLb(kg: number): number {
  return kg * LB_PER_KG;
}

export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return value;
  return from === 'lbs' ? lbToKg(value) : kgToLb(value);
}

/** Weights are shown to one decimal in either unit (the log dialog's live conversion). */
export function roundWeightForDisplay(value: number): number {
  return roundTo(value, 1);
}

export function formatWeight(value: number): string {
  return roundWeightForDisplay(value).toFixed(1);
}

/** The live conversion line of the log dialog: what the typed weight is in the other unit. */
export function formatWeightIn(value: number, from: WeightUnit, to: WeightUnit): string {
  return `${formatWeight(convertWeight(value, from, to))} ${to}`;
}

/** Accepts the log dialog's range (0–1000); null for anything else. */
export function parseWeightInput(input: string | number): number | null {
  const value = parseDecimalInput(input);
  if (value === null || value < 0 || value > 1000) return null;
  return value;
}
