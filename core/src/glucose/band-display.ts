import { meetsTarget } from './band-targets';
import {
  GLUCOSE_BAND_IDS,
  GLUCOSE_BANDS,
  type GlucoseBandDefinition,
  type GlucoseBandId,
  type GlucoseBandValues,
  roundedBandPercentages,
} from './bands';

/**
 * A share of readings as shown beside its target. `whole` is its rounded figure; the text keeps it
 * unless it would say something untrue:
 * - a non-zero share that rounds to 0 reads "<1%", and a share short of all readings that rounds to
 *   100 reads ">99%" (as Dexcom Clarity and the AGP report print them): 0.42% Urgent low is not 0%.
 * - a share that meets its target never reads on the wrong side of it: 0.42% Urgent low (target under
 *   1%) reads "<1%", not "1%"; 4.7% Very high (under 5%) reads "<5%"; 70.3% in range (over 70%) reads
 *   ">70%". A share that misses its target cannot round across it (rounding moves less than 1 and the
 *   targets are whole numbers), so only the met side needs this.
 */
export function percentText(exact: number, whole: number, target?: GlucoseBandDefinition['target']): string {
  if (target && meetsTarget(exact, target) && !meetsTarget(whole, target))
    return `${target.comparison === 'less_than' ? '<' : '>'}${target.percent}%`;
  if (exact > 0 && whole === 0) return '<1%';
  if (exact < 100 && whole === 100) return '>99%';
  return `${whole}%`;
}

export interface TimeInRangeFigures {
  /** Each band's share as shown in the band list. */
  bands: Record<GlucoseBandId, string>;
  /** Below 70 and above 180 in total: what the Low and High targets are judged on. */
  below70: string;
  above180: string;
}

const target = (id: GlucoseBandId) =>
  (GLUCOSE_BANDS.find((b) => b.id === id) as GlucoseBandDefinition).target;

/**
 * The time-in-ranges percentages as shown. The bands start from largest-remainder whole numbers
 * (bands.ts), so the five add up to 100 where they are shown together; percentText then replaces a
 * figure only where it would contradict its target or read 0% / 100% untruly, so the whole numbers
 * shown add up to 100 give or take the slivers shown as "<1%". The Low and High bands' own figures are not judged (their targets count the totals).
 * The totals below 70 and above 180 are rounded on their own, half up, so that a total that misses
 * its target can never read under it; they may differ by 1 from the sum of their two bands as shown.
 */
export function timeInRangeFigures(counts: GlucoseBandValues): TimeInRangeFigures {
  const n = GLUCOSE_BAND_IDS.reduce((sum, id) => sum + counts[id], 0);
  const exact = (count: number) => (n ? (100 * count) / n : 0);
  const whole = roundedBandPercentages(counts);
  const bands = Object.fromEntries(
    GLUCOSE_BAND_IDS.map((id) => [
      id,
      percentText(exact(counts[id]), whole[id], id === 'low' || id === 'high' ? undefined : target(id)),
    ]),
  ) as Record<GlucoseBandId, string>;
  const total = (count: number, id: GlucoseBandId) =>
    percentText(exact(count), Math.round(exact(count)), target(id));
  return {
    bands,
    below70: total(counts.very_low + counts.low, 'low'),
    above180: total(counts.high + counts.very_high, 'high'),
  };
}

/** The shown figure a band's target is judged on: its own, or the total below 70 / above 180. */
export const targetShareText = (id: GlucoseBandId, f: TimeInRangeFigures) =>
  id === 'low' ? f.below70 : id === 'high' ? f.above180 : f.bands[id];
