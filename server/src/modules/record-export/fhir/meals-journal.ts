import { mealTypeLabel } from '@healthfolio/core';
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { CODES, category, coded, healthfolioCode, quantity } from './codes';
import { type ExportContext, instant } from './context';
import { type EntryRow, notesOf } from './vitals';

type Obs = Observation & { id: string };

const base = (row: EntryRow, ctx: ExportContext) => ({
  resourceType: 'Observation' as const,
  id: row.id,
  status: 'final' as const,
  subject: ctx.patient,
  effectiveDateTime: instant(row.occurredAt),
});

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A meal: what was eaten in `valueString` (the person's words), calories (LOINC 9052-2, kcal) and
 * carbohydrate (9059-7, g) as components, the meal type as a component coded in Healthfolio's own
 * code system (no standard code names breakfast or a snack). Its photo is not exported.
 */
export const mealObservation = (row: EntryRow, ctx: ExportContext): Obs => {
  const d = row.data;
  const type = typeof d.mealType === 'string' ? d.mealType : null;
  const calories = num(d.calories);
  const carbs = num(d.carbs);
  const component: ObservationComponent[] = [
    ...(type
      ? [
          {
            code: healthfolioCode(ctx, 'meal-type', 'Meal type'),
            valueCodeableConcept: {
              coding: [{ system: ctx.codeSystem, code: `meal-type-${type}`, display: mealTypeLabel(type) }],
              text: mealTypeLabel(type),
            },
          },
        ]
      : []),
    ...(calories !== null
      ? [{ code: coded(CODES.caloriesIntake), valueQuantity: quantity(calories, 'kcal', 'kcal') }]
      : []),
    ...(carbs !== null ? [{ code: coded(CODES.carbsIntake), valueQuantity: quantity(carbs, 'g') }] : []),
  ];
  return {
    ...base(row, ctx),
    category: category('social-history'),
    code: healthfolioCode(ctx, 'meal', 'Meal'),
    ...(typeof d.value === 'string' ? { valueString: d.value } : {}),
    ...(component.length ? { component } : {}),
    ...notesOf(row),
  };
};

/** A journal entry: its text, line breaks and all, in `valueString`. */
export const journalObservation = (row: EntryRow, ctx: ExportContext): Obs => ({
  ...base(row, ctx),
  category: category('survey'),
  code: healthfolioCode(ctx, 'journal-entry', 'Journal entry'),
  valueString: String(row.data.value ?? ''),
  ...notesOf(row),
});
