import type { GlucoseUnit } from '../profiles/profile.schema';
import { formatGlucose, glucoseDecimals, roundGlucoseForDisplay } from '../units/glucose-units';

/**
 * The five glucose bands of the International Consensus on Time in Range (Battelino 2019).
 * Published as <54, 54–69, 70–180, 181–250, >250 mg/dL for whole numbers; for fractional values
 * (mmol/L imports, averaged data) the edges are: v < 54 | 54 ≤ v < 70 | 70 ≤ v ≤ 180 |
 * 180 < v ≤ 250 | v > 250. Every value lands in exactly one band, and the bands agree with the
 * "below 54", "below 70", "70–180 inclusive", "above 180" and "above 250" percentages.
 */
export const GLUCOSE_BAND_IDS = ['very_low', 'low', 'in_range', 'high', 'very_high'] as const;
export type GlucoseBandId = (typeof GLUCOSE_BAND_IDS)[number];

export interface GlucoseBandDefinition {
  id: GlucoseBandId;
  /** The level word (levels.ts labels single readings with the same words). */
  label: string;
  /** The range as the consensus prints it, in mg/dL. */
  range: string;
  /** Consensus target for adults with type 1 or type 2 diabetes. */
  target: { comparison: 'less_than' | 'greater_than'; percent: number };
  /** Why a target reads as it does: the low and high targets include the very low/high band. */
  targetNote?: string;
}

export const GLUCOSE_BANDS: readonly GlucoseBandDefinition[] = [
  { id: 'very_low', label: 'Urgent low', range: '<54', target: { comparison: 'less_than', percent: 1 } },
  {
    id: 'low',
    label: 'Low',
    range: '54–69',
    target: { comparison: 'less_than', percent: 4 },
    targetNote: 'below 70 in total, including Urgent low',
  },
  { id: 'in_range', label: 'In range', range: '70–180', target: { comparison: 'greater_than', percent: 70 } },
  {
    id: 'high',
    label: 'High',
    range: '181–250',
    target: { comparison: 'less_than', percent: 25 },
    targetNote: 'above 180 in total, including Very high',
  },
  { id: 'very_high', label: 'Very high', range: '>250', target: { comparison: 'less_than', percent: 5 } },
];

export type GlucoseBandValues = Record<GlucoseBandId, number>;

/** Index into GLUCOSE_BAND_IDS of the band a mg/dL value falls in. */
export function bandIndex(mgdl: number): number {
  if (mgdl < 54) return 0;
  if (mgdl < 70) return 1;
  if (mgdl <= 180) return 2;
  if (mgdl <= 250) return 3;
  return 4;
}

export function bandOf(mgdl: number): GlucoseBandId {
  return GLUCOSE_BAND_IDS[bandIndex(mgdl)] as GlucoseBandId;
}

/**
 * Whole-number percentages that still add up to 100 (largest remainder), so a stacked bar or a
 * list of bands never shows 99% or 101% because of rounding.
 */
export function roundedBandPercentages(counts: GlucoseBandValues): GlucoseBandValues {
  const total = GLUCOSE_BAND_IDS.reduce((sum, id) => sum + counts[id], 0);
  const result: GlucoseBandValues = { very_low: 0, low: 0, in_range: 0, high: 0, very_high: 0 };
  if (total === 0) return result;
  const exact = GLUCOSE_BAND_IDS.map((id) => ({ id, value: (counts[id] * 100) / total }));
  let remaining = 100;
  for (const { id, value } of exact) {
    result[id] = Math.floor(value);
    remaining -= result[id];
  }
  const byRemainder = [...exact].sort(
    (a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)),
  );
  for (const { id } of byRemainder.slice(0, remaining)) result[id] += 1;
  return result;
}

/** The consensus band limits written in the user's unit (mmol/L: <3.0, 3.0–3.8, 3.9–10.0, 10.1–13.9, >13.9). */
export function bandRangeInUnit(id: GlucoseBandId, unit: GlucoseUnit): string {
  const f = (mgdl: number) => formatGlucose(mgdl, unit);
  const step = glucoseDecimals(unit) === 1 ? 0.1 : 1;
  const above180 = (roundGlucoseForDisplay(180, unit) + step).toFixed(glucoseDecimals(unit));
  switch (id) {
    case 'very_low':
      return `<${f(54)}`;
    case 'low':
      return `${f(54)}–${f(69)}`;
    case 'in_range':
      return `${f(70)}–${f(180)}`;
    case 'high':
      return `${above180}–${f(250)}`;
    case 'very_high':
      return `>${f(250)}`;
  }
}
