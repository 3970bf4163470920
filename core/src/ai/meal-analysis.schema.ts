import { z } from 'zod';
import { MEAL_TYPES } from '../trackers/enums';

/** What the vision model is asked to return (and what text parsing recovers from prose). */
export const MealAnalysisResult = z.object({
  foodItems: z.array(z.string().trim().min(1).max(200)).max(5),
  estimatedCalories: z.number().int().min(0).max(10000),
  /** Grams of carbohydrate; null when the model gave none (text parsing never guesses it). */
  carbs: z.number().min(0).max(5000).nullable(),
  nutritionInfo: z.string().max(2000),
  mealType: z.enum(MEAL_TYPES),
});
export type MealAnalysisResult = z.infer<typeof MealAnalysisResult>;

export const MealAnalysisResponse = MealAnalysisResult.extend({
  analyzed: z.literal(true),
  /** Cite this id in the meal's `aiAnalysisId` so the entry records its values as an AI estimate. */
  analysisId: z.string().uuid(),
  model: z.string(),
  /** How the result was read: the model's JSON, or the text-parsing fallback over its prose. */
  parsedFrom: z.enum(['json', 'text']),
  /** The model's own words, appended to the notes as "AI Analysis: ...". */
  analysis: z.string(),
  analyzedAt: z.string(),
});
export type MealAnalysisResponse = z.infer<typeof MealAnalysisResponse>;

/** Without a vision provider the photo is still stored: cite `analysisId` to attach it to the meal. */
export const MealPhotoStored = z.object({
  analyzed: z.literal(false),
  analysisId: z.string().uuid(),
});
export type MealPhotoStored = z.infer<typeof MealPhotoStored>;

/** Provenance the server writes into a meal's data: which of its figures are the AI's estimate. */
export const AiEstimate = z.strictObject({
  analysisId: z.string().uuid(),
  model: z.string(),
  analyzedAt: z.string(),
  fields: z.array(z.enum(['calories', 'carbs'])),
});
export type AiEstimate = z.infer<typeof AiEstimate>;

/**
 * A figure is the AI's estimate while it still equals what the analysis said; one the user corrected
 * is theirs. The server applies this when a meal citing an analysis is saved.
 */
export const aiEstimatedFields = (
  data: { calories?: number; carbs?: number },
  analysis: { estimatedCalories: number; carbs: number | null },
): AiEstimate['fields'] => {
  const fields: AiEstimate['fields'] = [];
  if (data.calories !== undefined && data.calories === analysis.estimatedCalories) fields.push('calories');
  if (data.carbs !== undefined && analysis.carbs !== null && data.carbs === analysis.carbs)
    fields.push('carbs');
  return fields;
};
