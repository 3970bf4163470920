import type { GlucoseStatistics, GmiSufficiency } from '@healthfolio/core';
import type { Coding, Observation, Quantity } from '@medplum/fhirtypes';
import { CGM_SUMMARY, CODES, category, LOINC, quantity } from './codes';
import { derivedId, type ExportContext } from './context';

/** A window's figures, as the glucose screens compute them (glucose.service.ts `glucoseStats`). */
export interface CgmWindow {
  days: number;
  from: string;
  to: string;
  statistics: GlucoseStatistics | null;
  gmi: number | null;
  gmiSufficiency: GmiSufficiency;
}

type Obs = Observation & { id: string };

const cgmCode = (code: string, display: string, also?: Coding) => ({
  coding: [{ system: CGM_SUMMARY, code, display }, ...(also ? [also] : [])],
  text: display,
});

/**
 * The HL7 CGM implementation guide's summary for one window: a `cgm-summary` panel whose members
 * are mean glucose, the five times in ranges, GMI (only with enough sensor data, as on screen), CV
 * and the sensor's active time. Nothing when the window holds no sensor readings.
 */
export const cgmSummaryObservations = (w: CgmWindow, ctx: ExportContext): Obs[] => {
  const s = w.statistics;
  if (!s || w.gmiSufficiency.readings === 0) return [];
  const period = { start: w.from, end: w.to };
  const member = (code: string, display: string, value: Quantity, also?: Coding): Obs => ({
    resourceType: 'Observation',
    id: derivedId(ctx.userId, `cgm-summary:${w.days}:${code}`),
    status: 'final',
    category: category('laboratory'),
    code: cgmCode(code, display, also),
    subject: ctx.patient,
    effectivePeriod: period,
    valueQuantity: value,
  });
  const pct = (v: number) => quantity(v, '%');
  const members: Obs[] = [
    member('mean-glucose-mass-per-volume', 'Mean Glucose (Mass per Volume)', quantity(s.mean, 'mg/dL'), {
      system: LOINC,
      ...CODES.meanGlucoseInterstitial,
    }),
    member('time-in-very-low', 'Time in Very Low Range (%)', pct(s.bandPercentages.very_low)),
    member('time-in-low', 'Time in Low Range (%)', pct(s.bandPercentages.low)),
    member('time-in-target', 'Time in Target Range (%)', pct(s.bandPercentages.in_range)),
    member('time-in-high', 'Time in High Range (%)', pct(s.bandPercentages.high)),
    member('time-in-very-high', 'Time in Very High Range (%)', pct(s.bandPercentages.very_high)),
    ...(w.gmi === null ? [] : [member('gmi', 'Glucose Management Indicator (GMI)', pct(w.gmi))]),
    ...(s.cv === null ? [] : [member('cv', 'Coefficient of Variation (CV)', pct(s.cv))]),
    member('sensor-active-percentage', 'Sensor Active Percentage (%)', pct(w.gmiSufficiency.wearPercent)),
  ];
  const panel: Obs = {
    resourceType: 'Observation',
    id: derivedId(ctx.userId, `cgm-summary:${w.days}`),
    status: 'final',
    category: category('laboratory'),
    code: cgmCode('cgm-summary', `CGM Summary Report, last ${w.days} days`),
    subject: ctx.patient,
    effectivePeriod: period,
    hasMember: members.map((m) => ({ reference: `urn:uuid:${m.id}` })),
  };
  return [panel, ...members];
};
