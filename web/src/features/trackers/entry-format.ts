import type { EntryResponse, GlucoseUnit } from '@healthfolio/core';
import { isCrisisPressure } from '@healthfolio/core/trackers/blood-pressure-category';
import { mealTypeLabel } from '@healthfolio/core/trackers/enums';
import { MOOD_SCALE_MAX, PAIN_SCALE_MAX } from '@healthfolio/core/trackers/scales';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import { formatWeight } from '@healthfolio/core/units/weight-units';
import { outOf, toolsetValue } from './entry-fields';
import { humanize } from './tracker-meta';

export { entryDateTime, entryShortDate, entryWhen } from '@/lib/entry-when';
export { formatDate, formatDateTime, formatShortDate, formatTime } from '@/lib/zoned-format';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

export const dataNumber = (entry: EntryResponse, key: string) => num(entry.data[key]);
export const dataText = (entry: EntryResponse, key: string) => str(entry.data[key]);

export const bpText = (entry: EntryResponse) =>
  `${dataNumber(entry, 'systolic') ?? '-'}/${dataNumber(entry, 'diastolic') ?? '-'} mmHg`;

/** A reading at or above core's crisis level (180/120 mmHg). */
export const isCrisisEntry = (entry: EntryResponse) => {
  const systolic = dataNumber(entry, 'systolic');
  const diastolic = dataNumber(entry, 'diastolic');
  return systolic !== undefined && diastolic !== undefined && isCrisisPressure(systolic, diastolic);
};

export const weightText = (entry: EntryResponse) => {
  const weight = dataNumber(entry, 'weight');
  return weight === undefined
    ? undefined
    : `${formatWeight(weight)} ${dataText(entry, 'weightUnit') ?? 'lbs'}`;
};

/** The figures of a meal that are still the photo analysis's estimate (the server records them). */
export const aiEstimated = (entry: EntryResponse): ('calories' | 'carbs')[] => {
  const est = entry.data.aiEstimate as { fields?: unknown } | undefined;
  return Array.isArray(est?.fields) ? (est.fields as ('calories' | 'carbs')[]) : [];
};

/** How a meal's AI provenance reads: "Calories and carbs: AI estimate from a photo (model)". */
export const aiEstimateText = (entry: EntryResponse): string | undefined => {
  const est = entry.data.aiEstimate as { fields?: string[]; model?: string } | undefined;
  const fields = aiEstimated(entry);
  if (!est || !fields.length) return undefined;
  const what = fields.map((f) => (f === 'calories' ? 'Calories' : 'carbs')).join(' and ');
  return `${what[0]!.toUpperCase()}${what.slice(1)}: AI estimate from a photo${est.model ? ` (${est.model})` : ''}`;
};

export const mealText = (entry: EntryResponse) => {
  const type = dataText(entry, 'mealType');
  const kcal = dataNumber(entry, 'calories');
  const aiKcal = aiEstimated(entry).includes('calories') ? ' (AI estimate)' : '';
  return [
    type && mealTypeLabel(type),
    kcal !== undefined ? `${kcal} kcal${aiKcal}` : undefined,
    dataText(entry, 'value'),
  ]
    .filter(Boolean)
    .join(' • ');
};

/** The one-line value of an entry (the "Value" of its details dialog). */
export const entryValue = (entry: EntryResponse, unit: GlucoseUnit): string => {
  switch (entry.tracker) {
    case 'blood-glucose': {
      const mgdl = dataNumber(entry, 'glucose');
      return mgdl === undefined ? '—' : formatGlucoseWithUnit(mgdl, unit);
    }
    case 'blood-pressure':
      return bpText(entry);
    case 'weight':
      return weightText(entry) ?? '—';
    case 'meal':
      return mealText(entry) || '—';
    case 'mood-energy':
      return ['mood', 'energy', 'stress']
        .map((k) => `${humanize(k)} ${outOf(dataNumber(entry, k) ?? '-', MOOD_SCALE_MAX)}`)
        .join(', ');
    case 'pain': {
      const intensity = dataNumber(entry, 'painIntensity');
      return intensity === undefined ? '—' : outOf(intensity, PAIN_SCALE_MAX);
    }
    default: {
      const toolset = toolsetValue(entry, unit);
      if (toolset) return toolset;
      const value = entry.data.value;
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
    }
  }
};
