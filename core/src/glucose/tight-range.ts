/**
 * Time in tight range (TITR): the share of readings from 70 to 140 mg/dL inclusive, reported beside
 * time in range (70–180) in clinician reports (Battelino 2023 / Dunn 2024: a target of over 50%).
 */
export const TIGHT_RANGE_MGDL = { low: 70, high: 140 } as const;
export const TIGHT_RANGE_TARGET_PERCENT = 50;

/** Percent of the readings (mg/dL) from 70 to 140 inclusive; null without readings. */
export function percentInTightRange(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  let inside = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v >= TIGHT_RANGE_MGDL.low && v <= TIGHT_RANGE_MGDL.high) inside++;
  }
  return (100 * inside) / values.length;
}
