import {
  aiEstimatedFields,
  type MealAnalysisResponse,
  type MealAnalysisResult,
  parseMealAnalysisReply,
} from '@healthfolio/core';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { AiError } from './ai.client';
import { insertAnalysis, selectAnalysis } from './meal-analysis.repository';
import { prepareMealPhoto } from './meal-photo';

export const MEAL_PHOTO_PROMPT = `Analyze this meal photo. Reply with only a JSON object, no other text:
{"foodItems": [up to 5 food names], "estimatedCalories": total kcal as an integer, "carbs": total grams of carbohydrate as a number, "nutritionInfo": "one or two sentences of brief nutrition info", "mealType": "breakfast" | "lunch" | "dinner" | "snack" | "other"}`;

/** The notes line: "AI Analysis: Rice, Chicken — ~620 calories, 68 g carbs. Balanced plate." */
const analysisText = (r: MealAnalysisResult, prose: string, parsedFrom: 'json' | 'text') =>
  parsedFrom === 'text'
    ? prose.trim().slice(0, 1000)
    : `${r.foodItems.join(', ')} — ~${r.estimatedCalories} calories${r.carbs === null ? '' : `, ${r.carbs} g carbs`}.${r.nutritionInfo ? ` ${r.nutritionInfo}` : ''}`;

const notConfigured = () =>
  new ProblemError(503, 'ai_not_configured', 'Photo analysis is not configured on this server.');

/**
 * Meal photo → the vision model → food items, calories, carbs, meal type. The result is recorded so
 * a meal saved from it can prove which figures are the AI's.
 */
export const analyzeMealPhoto = async (
  deps: Pick<AppDeps, 'db' | 'ai' | 'quotas'>,
  userId: string,
  upload: Uint8Array,
): Promise<MealAnalysisResponse> => {
  const model = deps.ai.visionModel;
  if (!model) throw notConfigured();
  await deps.quotas.aiRequest(userId);
  const photo = await prepareMealPhoto(upload);
  // After the documents vault merges, the photo is stored here (encrypted, the user's) and its id
  // kept with the analysis: `const documentId = await storeMealPhoto(deps, userId, photo);`
  let reply: string;
  try {
    reply = await deps.ai.describeImage({
      imageDataUrl: `data:image/jpeg;base64,${photo.toString('base64')}`,
      prompt: MEAL_PHOTO_PROMPT,
    });
  } catch (err) {
    const code = err instanceof AiError ? err.code : 'ai_unavailable';
    throw new ProblemError(502, code, 'Could not analyze the photo. Please try again.');
  }
  if (!reply.trim())
    throw new ProblemError(502, 'ai_empty', 'Could not analyze the photo. Please try again.');
  const { result, parsedFrom } = parseMealAnalysisReply(reply);
  const row = await deps.db.asUser(userId, (tx) => insertAnalysis(tx, userId, model, result));
  return {
    ...result,
    analysisId: row.id,
    model,
    parsedFrom,
    analysis: analysisText(result, reply, parsedFrom),
    analyzedAt: new Date(row.createdAt).toISOString(),
  };
};

/**
 * A meal citing an analysis (its `aiAnalysisId`, or the `aiEstimate` it already carries when edited)
 * gets `aiEstimate` from the server's record: the figures that still equal the analysis. A client's
 * own `aiEstimate` is never kept; someone else's (or an unknown) analysis id is refused.
 */
export const withAiProvenance = async (tx: Tx, userId: string, data: Record<string, unknown>) => {
  const { aiAnalysisId, aiEstimate, ...rest } = data as {
    aiAnalysisId?: string;
    aiEstimate?: { analysisId?: string };
  } & Record<string, unknown>;
  const cited = aiAnalysisId ?? aiEstimate?.analysisId;
  if (!cited) return rest;
  const row = await selectAnalysis(tx, userId, cited);
  if (!row)
    throw new ProblemError(
      400,
      'validation_failed',
      'The request is not valid. See errors for each problem.',
      [{ path: 'data.aiAnalysisId', message: 'No meal photo analysis with this id' }],
    );
  const result = row.result as unknown as MealAnalysisResult;
  return {
    ...rest,
    aiEstimate: {
      analysisId: row.id,
      model: row.model,
      analyzedAt: new Date(row.createdAt).toISOString(),
      fields: aiEstimatedFields(rest as { calories?: number; carbs?: number }, result),
    },
  };
};
