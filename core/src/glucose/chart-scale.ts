import type { GlucoseUnit } from '../profiles/profile.schema';
import { glucoseInUnit } from '../units/glucose-units';
import { GLUCOSE_LEVEL_LINES_MGDL } from './levels';

/**
 * The smallest domain holding the base range and every finite value, widened a little past a value
 * that sets an edge (so its dot is not cut by the axis) and snapped outwards to `step`.
 * Never below zero.
 */
export function containingDomain(
  values: readonly number[],
  base: readonly [number, number],
  step: number,
): [number, number] {
  const finite = values.filter(Number.isFinite);
  const lowest = Math.min(base[0], ...finite);
  const highest = Math.max(base[1], ...finite);
  const pad = Math.max((highest - lowest) * 0.02, step / 5);
  const lo = lowest < base[0] ? lowest - pad : lowest;
  const hi = highest > base[1] ? highest + pad : highest;
  const snap = (v: number, round: (x: number) => number) => round(Number((v / step).toFixed(9))) * step;
  return [Math.max(0, snap(lo, Math.floor)), snap(hi, Math.ceil)].map((v) => Number(v.toFixed(6))) as [
    number,
    number,
  ];
}

export interface GlucoseChartScale {
  /** The y-axis domain in the user's unit. */
  domain: [number, number];
  /** Axis ticks in the user's unit: the domain's ends and the level lines, none crowding another. */
  ticks: number[];
  /**
   * The consensus limits (54/70/180/250 mg/dL) inside the domain, in the user's unit; with the
   * person's own range, its low and high ends stand where 70 and 180 would. `high` marks the lines
   * above the range's middle (their colour differs from the low ones').
   */
  lines: { mgdl: number; value: number; high: boolean }[];
}

/** The 70–180 target range: every glucose chart shows it, however few points it has. */
export const TARGET_RANGE_MGDL: readonly [number, number] = [
  GLUCOSE_LEVEL_LINES_MGDL.low,
  GLUCOSE_LEVEL_LINES_MGDL.high,
];

/**
 * The y-axis of a glucose chart: holds every point it draws (a 45 or a 450 included) and the base
 * range (mg/dL; the target range by default, so a single reading gets a readable axis), with the
 * 54/70/180/250 lines wherever the domain reaches them. A chart of a person's readings passes their
 * own target range (`range`, mg/dL): its ends replace the 70 and 180 lines; 54 and 250 stay.
 */
export function glucoseChartScale(
  valuesMgdl: readonly number[],
  unit: GlucoseUnit,
  baseMgdl: readonly [number, number] = TARGET_RANGE_MGDL,
  range?: { low: number; high: number },
): GlucoseChartScale {
  const toUnit = (mgdl: number) => glucoseInUnit(mgdl, unit);
  const step = unit === 'mmol/L' ? 0.5 : 10;
  const domain = containingDomain(valuesMgdl.map(toUnit), [toUnit(baseMgdl[0]), toUnit(baseMgdl[1])], step);
  const { urgentLow: veryLow, low, high, veryHigh } = GLUCOSE_LEVEL_LINES_MGDL;
  const rangeLow = range?.low ?? low;
  const rangeHigh = range?.high ?? high;
  const lines = [
    { mgdl: veryLow, high: false },
    { mgdl: rangeLow, high: false },
    { mgdl: rangeHigh, high: true },
    { mgdl: veryHigh, high: true },
  ]
    // A range end at 54 or 250 is one line, not two.
    .filter((l, i, all) => all.findIndex((o) => o.mgdl === l.mgdl) === i)
    .map((l) => ({ ...l, value: toUnit(l.mgdl) }))
    .filter((l) => l.value >= domain[0] && l.value <= domain[1])
    .sort((a, b) => a.mgdl - b.mgdl);
  // The target range's numbers first, then 54 and 250, then the ends: one gives way to a closer one
  // already placed, so no two labels overlap.
  const minGap = (domain[1] - domain[0]) * 0.05;
  const byPriority = [rangeLow, rangeHigh, veryLow, veryHigh]
    .map(toUnit)
    .filter((v) => v >= domain[0] && v <= domain[1]);
  const ticks: number[] = [];
  for (const t of [...byPriority, ...domain])
    if (ticks.every((placed) => Math.abs(placed - t) >= minGap)) ticks.push(t);
  return { domain, ticks: ticks.sort((a, b) => a - b), lines };
}
