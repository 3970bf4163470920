import type { Extension, Media, ObservationComponent, Reference } from '@medplum/fhirtypes';
import { healthfolioExtension, quantity } from './codes';
import { type ExportContext, instant } from './context';
import { ATTACHMENT_DATA_SLOT } from './documents';

/**
 * A meal photo analysis as the export reads it (meal_photo_analyses): what the vision model said and,
 * while a meal shows it, the stored (already re-encoded, at most 1024 px) photo.
 */
export interface MealAnalysisRow {
  id: string;
  model: string | null;
  result: Record<string, unknown> | null;
  createdAt: Date;
  photoStorageId: string | null;
  photoSha256: string | null;
  photoType: string | null;
  photoSize: number | null;
}

/** The names of a meal's Healthfolio extensions, read back by record-import/map-meal.ts. */
export const MEAL_EXTENSIONS = {
  food: 'meal-food',
  aiEstimate: 'meal-ai-estimate',
  /** On a calorie or carb component: this figure is the AI's estimate, not the person's. */
  estimated: 'ai-estimated',
} as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/** The foods of a meal (the carb counter's list): each name, portion (g) and carbs (g) as stored. */
export const mealFoodExtensions = (data: Record<string, unknown>, ctx: ExportContext): Extension[] =>
  (Array.isArray(data.foods) ? data.foods : []).flatMap((f: Record<string, unknown>) => {
    const name = str(f?.name);
    if (!name) return [];
    const portion = num(f.portion);
    const carbs = num(f.carbs);
    return [
      {
        url: healthfolioExtension(ctx, MEAL_EXTENSIONS.food),
        extension: [
          { url: 'name', valueString: name },
          ...(portion !== null ? [{ url: 'portion', valueQuantity: quantity(portion, 'g') }] : []),
          ...(carbs !== null ? [{ url: 'carbs', valueQuantity: quantity(carbs, 'g') }] : []),
        ],
      },
    ];
  });

/** The figures of the meal the AI estimated (a meal's `aiEstimate.fields`): calories, carbs. */
export const estimatedFields = (data: Record<string, unknown>): string[] => {
  const e = data.aiEstimate as { fields?: unknown } | undefined;
  return Array.isArray(e?.fields) ? e.fields.filter((f): f is string => typeof f === 'string') : [];
};

/** Marks a component as the AI's estimate (its figure is not one the person measured or typed). */
export const estimatedComponent = (c: ObservationComponent, ctx: ExportContext): ObservationComponent => ({
  ...c,
  extension: [{ url: healthfolioExtension(ctx, MEAL_EXTENSIONS.estimated), valueBoolean: true }],
});

/**
 * The AI estimate a meal cites: which model, when, which of the meal's figures are its, and what it
 * said (foods, calories, carbs, words, meal type), all inside one extension so no reader takes it for
 * a measured value.
 */
export const aiEstimateExtension = (
  data: Record<string, unknown>,
  analysis: MealAnalysisRow | undefined,
  ctx: ExportContext,
): Extension[] => {
  const e = data.aiEstimate as { model?: unknown; analyzedAt?: unknown } | undefined;
  if (!e) return [];
  const r = analysis?.result ?? {};
  const items = Array.isArray(r.foodItems) ? r.foodItems.filter((f) => typeof f === 'string') : [];
  const calories = num(r.estimatedCalories);
  const carbs = num(r.carbs);
  const analyzedAt = str(e.analyzedAt) ?? (analysis ? instant(analysis.createdAt) : null);
  return [
    {
      url: healthfolioExtension(ctx, MEAL_EXTENSIONS.aiEstimate),
      extension: [
        ...(str(e.model) ? [{ url: 'model', valueString: str(e.model) as string }] : []),
        ...(analyzedAt ? [{ url: 'analyzedAt', valueDateTime: analyzedAt }] : []),
        ...estimatedFields(data).map((f) => ({ url: 'field', valueCode: f })),
        ...items.map((f) => ({ url: 'foodItem', valueString: f as string })),
        ...(calories !== null
          ? [{ url: 'calories', valueQuantity: quantity(calories, 'kcal', 'kcal') }]
          : []),
        ...(carbs !== null ? [{ url: 'carbs', valueQuantity: quantity(carbs, 'g') }] : []),
        ...(str(r.nutritionInfo)
          ? [{ url: 'nutritionInfo', valueString: str(r.nutritionInfo) as string }]
          : []),
        ...(str(r.mealType) ? [{ url: 'mealType', valueCode: str(r.mealType) as string }] : []),
      ],
    },
  ];
};

/** Whether the meal shows the analysis's photo and the photo is still stored. */
export const showsPhoto = (
  data: Record<string, unknown>,
  analysis: MealAnalysisRow | undefined,
): analysis is MealAnalysisRow & { photoStorageId: string; photoSha256: string } =>
  !!analysis?.photoStorageId && !!analysis.photoSha256 && data.mealPhotoId === analysis.id;

/** The meal's photo, when one is stored: the meal names it as what it was derived from. */
export const photoReference = (
  data: Record<string, unknown>,
  analysis: MealAnalysisRow | undefined,
): Reference<Media>[] => (showsPhoto(data, analysis) ? [{ reference: `urn:uuid:${analysis.id}` }] : []);

const MEDIA_TYPE = 'http://terminology.hl7.org/CodeSystem/media-type';

/**
 * A meal photo as a Media resource with the image inside (`content.data`, base64, streamed by the
 * bundle writer as a document's file is), typed with Healthfolio's `meal-photo` code.
 */
export const mealPhotoMedia = (a: MealAnalysisRow, ctx: ExportContext): Media & { id: string } => ({
  resourceType: 'Media',
  id: a.id,
  status: 'completed',
  type: {
    coding: [
      { system: MEDIA_TYPE, code: 'image', display: 'Image' },
      { system: ctx.codeSystem, code: 'meal-photo', display: 'Meal photo' },
    ],
    text: 'Meal photo',
  },
  subject: ctx.patient,
  createdDateTime: instant(a.createdAt),
  content: {
    contentType: a.photoType ?? 'image/jpeg',
    ...(a.photoSize !== null ? { size: a.photoSize } : {}),
    title: 'Meal photo',
    data: ATTACHMENT_DATA_SLOT,
  },
});
