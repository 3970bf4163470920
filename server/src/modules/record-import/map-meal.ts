import { MealAnalysisResult } from '@healthfolio/core';
import type { Extension, Media, Observation } from '@medplum/fhirtypes';
import { MEAL_EXTENSIONS } from '../record-export/fhir/meal-photos';
import { type ResourceIndex, resolve } from './fhir-values';
import { ourCode, ourExtensions } from './healthfolio-export';
import type { MealExtras } from './import-plan';

/**
 * What a Healthfolio export wrote beside a meal's figures (record-export/fhir/meal-photos.ts): its list
 * of foods, the AI estimate it cites and its photo, read back so the meal shows them again.
 */
const part = (e: Extension, url: string) => e.extension?.filter((x) => x.url === url) ?? [];
const one = (e: Extension, url: string) => part(e, url)[0];
const numberIn = (x: Extension | undefined) =>
  typeof x?.valueQuantity?.value === 'number' && Number.isFinite(x.valueQuantity.value)
    ? x.valueQuantity.value
    : undefined;

/** The carb counter's foods: name, portion (g) and carbs (g), as stored. */
export const mealFoods = (o: Observation) =>
  ourExtensions(o, MEAL_EXTENSIONS.food).map((e) => ({
    name: one(e, 'name')?.valueString,
    portion: numberIn(one(e, 'portion')),
    carbs: numberIn(one(e, 'carbs')),
  }));

/** A meal photo of a Healthfolio export: a Media typed with Healthfolio's `meal-photo` code. */
export const isMealPhoto = (m: Media) => ourCode(m.type) === 'meal-photo';

/**
 * The analysis a meal cites (its estimate) and the photo it shows, named by the id they had where the
 * export was written (the Media's id): two meals showing one photo get one copy of it. Null when the
 * meal has neither.
 */
export const mealExtras = (o: Observation, index: ResourceIndex): MealExtras | null => {
  const media = (o.derivedFrom ?? [])
    .map((ref) => resolve(ref, index))
    .find((r): r is Media => r?.resourceType === 'Media' && isMealPhoto(r as Media));
  const photo =
    media?.id && media.content?.data
      ? { ref: media.id, base64: media.content.data, takenAt: media.createdDateTime ?? null }
      : null;
  const e = ourExtensions(o, MEAL_EXTENSIONS.aiEstimate)[0];
  const model = e && one(e, 'model')?.valueString;
  const estimate =
    e && model
      ? {
          model,
          analyzedAt: one(e, 'analyzedAt')?.valueDateTime ?? null,
          fields: part(e, 'field')
            .map((x) => x.valueCode)
            .filter((f): f is 'calories' | 'carbs' => f === 'calories' || f === 'carbs'),
          result: ((r) => (r.success ? r.data : null))(
            MealAnalysisResult.safeParse({
              foodItems: part(e, 'foodItem').map((x) => x.valueString),
              estimatedCalories: numberIn(one(e, 'calories')),
              carbs: numberIn(one(e, 'carbs')) ?? null,
              nutritionInfo: one(e, 'nutritionInfo')?.valueString ?? '',
              mealType: one(e, 'mealType')?.valueCode,
            }),
          ),
        }
      : null;
  if (!photo && !estimate) return null;
  return { analysisRef: photo?.ref ?? `estimate:${o.id ?? ''}`, photo, estimate };
};
