import {
  GLUCOSE_BANDS,
  type GlucoseBandDefinition,
  type GlucoseBandId,
  type GlucoseBandValues,
} from './bands';

/**
 * The share of readings a band's consensus target is judged on (Battelino 2019): the Low target
 * (under 4%) counts everything below 70 mg/dL, Urgent low included, and the High target (under 25%)
 * everything above 180, Very high included. The other bands are judged on their own share.
 */
export function targetShare(id: GlucoseBandId, percentages: GlucoseBandValues): number {
  if (id === 'low') return percentages.very_low + percentages.low;
  if (id === 'high') return percentages.high + percentages.very_high;
  return percentages[id];
}

/** Whether a share meets a target: strictly under or strictly over its percentage. */
export const meetsTarget = (share: number, target: GlucoseBandDefinition['target']) =>
  target.comparison === 'less_than' ? share < target.percent : share > target.percent;

const bandById = (id: GlucoseBandId) => GLUCOSE_BANDS.find((b) => b.id === id) as GlucoseBandDefinition;

/** Whether the band's consensus target is met, judged on its target share (unrounded). */
export const bandTargetMet = (id: GlucoseBandId, percentages: GlucoseBandValues) =>
  meetsTarget(targetShare(id, percentages), bandById(id).target);
