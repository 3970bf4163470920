import { TRACKER_DATA } from '@healthfolio/core';
import type { Observation } from '@medplum/fhirtypes';
import { INSULIN_SETTINGS } from '../record-export/fhir/insulin-settings';
import { ourCode } from './healthfolio-export';
import type { PlannedItem } from './import-plan';

/**
 * Insulin settings as a Healthfolio export wrote them (record-export/fhir/insulin-settings.ts): the
 * entry, marked `needs_review` so no dose is suggested or accepted from it until the person checks the
 * settings and saves them (DESIGN §10, core `savedInsulinSettings`). Null for any other observation;
 * settings Healthfolio would not accept are not taken.
 */
export const ourInsulinSettings = (
  o: Observation,
  at: string,
): PlannedItem | { what: string; skip: string } | null => {
  if (ourCode(o.code) !== 'insulin-settings') return null;
  const data: Record<string, unknown> = {};
  for (const c of o.component ?? []) {
    const code = ourCode(c.code);
    const setting = INSULIN_SETTINGS.find((s) => s.code === code);
    if (setting) data[setting.key] = c.valueQuantity?.value;
    if (code === 'insulin-curve')
      data.insulin_curve = ourCode(c.valueCodeableConcept)?.replace(/^insulin-curve-/, '');
  }
  const valid = TRACKER_DATA['insulin-settings'].safeParse({ ...data, needs_review: true });
  if (!valid.success)
    return {
      what: 'Insulin settings',
      skip: 'Settings Healthfolio would not accept (a value missing or out of range).',
    };
  return {
    kind: 'entry',
    group: 'trackerEntries',
    tracker: 'insulin-settings',
    occurredAt: at,
    data: valid.data,
    notes:
      o.note
        ?.map((n) => n.text)
        .filter(Boolean)
        .join('\n') || null,
  };
};
