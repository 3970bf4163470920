import type { EntryResponse, GlucoseUnit } from '@healthfolio/core';
import { dataValueText, fieldLabel } from './entry-fields';
import { aiEstimateText, entryValue, formatDate, formatTime } from './entry-format';

/** What a data `value` is called where it is not the entry's Value itself (one "Value" row only). */
const VALUE_LABELS: Partial<Record<string, string>> = { meal: 'What was eaten', pain: 'Description' };

/** The label and text rows of an entry's details dialog: date, time, value, then its data in words. */
export const entryDetailRows = (
  entry: EntryResponse,
  unit: GlucoseUnit,
  timeZone: string,
): [string, string][] => [
  ['Date', formatDate(entry.occurredAt, timeZone)],
  ['Time', formatTime(entry.occurredAt, timeZone)],
  ['Value', entryValue(entry, unit)],
  ...Object.entries(entry.data).flatMap(([k, v]): [string, string][] => {
    if (k === 'aiEstimate') {
      const text = aiEstimateText(entry);
      return text ? [['Source', text]] : [];
    }
    if (k === 'mealPhotoId') return []; // shown as the photo
    // A journal's or medication's value is the Value row itself; a meal's or pain entry's is its text.
    const label = k === 'value' ? VALUE_LABELS[entry.tracker] : fieldLabel(k);
    const text = label ? dataValueText(k, v, unit) : undefined;
    return label && text ? [[label, text]] : [];
  }),
];
