import { INSULIN_CURVE_LABELS, type InsulinCurve } from '@healthfolio/core';
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { category, healthfolioCode, quantity } from './codes';
import { dateTimeOf, type ExportContext } from './context';
import type { EntryRow } from './vitals';

/**
 * The dosing settings of an Insulin Settings entry, each with the Healthfolio code the import reads it
 * back by (record-import/map-insulin-settings.ts), its words and its UCUM unit: glucose in mg/dL as
 * stored, whatever unit the person reads it in.
 */
export const INSULIN_SETTINGS = [
  {
    key: 'carb_ratio',
    code: 'carb-ratio',
    display: 'Carb ratio (grams per unit)',
    unit: 'g/U',
    ucum: 'g/[iU]',
  },
  {
    key: 'correction_factor',
    code: 'correction-factor',
    display: 'Correction factor (mg/dL per unit)',
    unit: 'mg/dL/U',
    ucum: 'mg/dL/[iU]',
  },
  { key: 'target_glucose', code: 'target-glucose', display: 'Target glucose', unit: 'mg/dL', ucum: 'mg/dL' },
  {
    key: 'dia_hours',
    code: 'insulin-action-duration',
    display: 'Duration of insulin action',
    unit: 'h',
    ucum: 'h',
  },
  {
    key: 'max_single_dose',
    code: 'max-single-dose',
    display: 'Maximum single dose',
    unit: 'U',
    ucum: '[iU]',
  },
] as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Insulin settings as they were saved at that time (the latest is in force): an Observation coded
 * `insulin-settings` in Healthfolio's code system (no standard code names a carb ratio), each setting
 * a component, the insulin's activity curve a coded one.
 */
export const insulinSettingsObservation = (
  row: EntryRow,
  ctx: ExportContext,
): Observation & { id: string } => {
  const d = row.data;
  const curve = typeof d.insulin_curve === 'string' ? d.insulin_curve : null;
  const component: ObservationComponent[] = [
    ...INSULIN_SETTINGS.flatMap((s) => {
      const value = num(d[s.key]);
      return value === null
        ? []
        : [{ code: healthfolioCode(ctx, s.code, s.display), valueQuantity: quantity(value, s.unit, s.ucum) }];
    }),
    ...(curve
      ? [
          {
            code: healthfolioCode(ctx, 'insulin-curve', 'Insulin type'),
            valueCodeableConcept: {
              coding: [
                {
                  system: ctx.codeSystem,
                  code: `insulin-curve-${curve}`,
                  display: INSULIN_CURVE_LABELS[curve as InsulinCurve] ?? curve,
                },
              ],
              text: INSULIN_CURVE_LABELS[curve as InsulinCurve] ?? curve,
            },
          },
        ]
      : []),
  ];
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: category('therapy'),
    code: healthfolioCode(ctx, 'insulin-settings', 'Insulin settings'),
    subject: ctx.patient,
    effectiveDateTime: dateTimeOf(row.occurredAt, row.occurredPrecision),
    ...(component.length ? { component } : {}),
    ...(row.notes ? { note: [{ text: row.notes }] } : {}),
  };
};
