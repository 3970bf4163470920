import { mealTypeLabel } from '@healthfolio/core';
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { CODES, category, coded, healthfolioCode, quantity } from './codes';
import { dateTimeOf, type ExportContext } from './context';
import {
  aiEstimateExtension,
  estimatedComponent,
  estimatedFields,
  type MealAnalysisRow,
  mealFoodExtensions,
  photoReference,
} from './meal-photos';
import { type EntryRow, notesOf } from './vitals';

type Obs = Observation & { id: string };

const base = (row: EntryRow, ctx: ExportContext) => ({
  resourceType: 'Observation' as const,
  id: row.id,
  status: 'final' as const,
  subject: ctx.patient,
  effectiveDateTime: dateTimeOf(row.occurredAt, row.occurredPrecision),
});

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A meal: what was eaten in `valueString` (the person's words), calories (LOINC 9052-2, kcal) and
 * carbohydrate (9059-7, g) as components, the meal type as a component coded in Healthfolio's own
 * code system (no standard code names breakfast or a snack). Its list of foods and the AI estimate it
 * cites are Healthfolio's own extensions (a figure the AI estimated is marked so on its component);
 * its photo is the Media it was derived from (fhir/meal-photos.ts).
 */
export const mealObservation = (row: EntryRow, ctx: ExportContext, analysis?: MealAnalysisRow): Obs => {
  const d = row.data;
  const type = typeof d.mealType === 'string' ? d.mealType : null;
  const calories = num(d.calories);
  const carbs = num(d.carbs);
  const estimated = new Set(estimatedFields(d));
  const mark = (field: string, c: ObservationComponent) =>
    estimated.has(field) ? estimatedComponent(c, ctx) : c;
  const extension = [...mealFoodExtensions(d, ctx), ...aiEstimateExtension(d, analysis, ctx)];
  const derivedFrom = photoReference(d, analysis);
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
      ? [
          mark('calories', {
            code: coded(CODES.caloriesIntake),
            valueQuantity: quantity(calories, 'kcal', 'kcal'),
          }),
        ]
      : []),
    ...(carbs !== null
      ? [mark('carbs', { code: coded(CODES.carbsIntake), valueQuantity: quantity(carbs, 'g') })]
      : []),
  ];
  return {
    ...base(row, ctx),
    ...(extension.length ? { extension } : {}),
    category: category('social-history'),
    code: healthfolioCode(ctx, 'meal', 'Meal'),
    ...(typeof d.value === 'string' ? { valueString: d.value } : {}),
    ...(component.length ? { component } : {}),
    ...(derivedFrom.length ? { derivedFrom } : {}),
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
