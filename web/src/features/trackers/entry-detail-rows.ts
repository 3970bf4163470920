import type { EntryResponse, GlucoseUnit } from '@healthfolio/core';
import { OWN_RECORD, type Whose } from '@healthfolio/core/text/whose';
import { dataValueText, fieldLabel } from './entry-fields';
import { aiEstimateText, entryValue, entryWhen } from './entry-format';

/** What a data `value` is called where it is not the entry's Value itself (one "Value" row only). */
const VALUE_LABELS: Partial<Record<string, string>> = { meal: 'What was eaten', pain: 'Description' };

/** Data fields the Value row already says in full: a weight and its unit are "170.9 lbs", once. */
const SAID_BY_VALUE: Partial<Record<string, ReadonlySet<string>>> = {
  weight: new Set(['weight', 'weightUnit']),
};

/**
 * The label and text rows of an entry's details dialog: date, time, value, then its data in words,
 * speaking of whose record it is (`w`).
 */
export const entryDetailRows = (
  entry: EntryResponse,
  unit: GlucoseUnit,
  timeZone: string,
  w: Whose = OWN_RECORD,
): [string, string][] => [
  ['Date', entryWhen(entry, timeZone).date],
  // A record that dated it only by day gave no time: none is made up.
  ...((t) => (t ? [['Time', t] as [string, string]] : []))(entryWhen(entry, timeZone).time),
  ['Value', entryValue(entry, unit)],
  ...Object.entries(entry.data).flatMap(([k, v]): [string, string][] => {
    if (k === 'aiEstimate') {
      const text = aiEstimateText(entry);
      return text ? [['Source', text]] : [];
    }
    if (k === 'mealPhotoId') return []; // shown as the photo
    if (SAID_BY_VALUE[entry.tracker]?.has(k)) return [];
    // A journal's or medication's value is the Value row itself; a meal's or pain entry's is its text.
    const label = k === 'value' ? VALUE_LABELS[entry.tracker] : fieldLabel(k);
    const text = label ? dataValueText(k, v, unit, w) : undefined;
    return label && text ? [[label, text]] : [];
  }),
];
