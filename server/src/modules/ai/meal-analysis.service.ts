import { Readable } from 'node:stream';
import {
  aiEstimatedFields,
  type MealAnalysisResponse,
  type MealAnalysisResult,
  type MealPhotoStored,
  parseMealAnalysisReply,
} from '@healthfolio/core';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { FileNotFoundError, type FileStorage, IntegrityError } from '../../storage/file-storage';
import { AiError } from './ai.client';
import {
  clearAnalysisPhoto,
  insertAnalysis,
  type StoredPhoto,
  selectAnalysis,
} from './meal-analysis.repository';
import { prepareMealPhoto } from './meal-photo';

export const PHOTO_NOT_FOUND = 'No meal photo with this id';

export const MEAL_PHOTO_PROMPT = `Analyze this meal photo. Reply with only a JSON object, no other text:
{"foodItems": [up to 5 food names], "estimatedCalories": total kcal as an integer, "carbs": total grams of carbohydrate as a number, "nutritionInfo": "one or two sentences of brief nutrition info", "mealType": "breakfast" | "lunch" | "dinner" | "snack" | "other"}`;

/** The notes line: "AI Analysis: Rice, Chicken — ~620 calories, 68 g carbs. Balanced plate." */
const analysisText = (r: MealAnalysisResult, prose: string, parsedFrom: 'json' | 'text') =>
  parsedFrom === 'text'
    ? prose.trim().slice(0, 1000)
    : `${r.foodItems.join(', ')} — ~${r.estimatedCalories} calories${r.carbs === null ? '' : `, ${r.carbs} g carbs`}.${r.nutritionInfo ? ` ${r.nutritionInfo}` : ''}`;

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

const storePhoto = (storage: FileStorage, photo: Buffer): Promise<StoredPhoto> =>
  storage.put(Readable.from([photo]));

/**
 * Meal photo → the re-encoded, metadata-free JPEG is stored (encrypted, the user's) → the vision
 * model → food items, calories, carbs, meal type. The result is recorded with the photo so a meal
 * saved from it can prove which figures are the AI's and show its photo. Without a vision provider
 * the photo is still stored and its id returned. A failed analysis deletes the stored photo (no row
 * names it, so nothing could ever reach it).
 */
export const analyzeMealPhoto = async (
  deps: Pick<AppDeps, 'db' | 'ai' | 'quotas' | 'storage'>,
  userId: string,
  upload: Uint8Array,
): Promise<MealAnalysisResponse | MealPhotoStored> => {
  const model = deps.ai.visionModel;
  if (model) await deps.quotas.aiRequest(userId);
  const photo = await prepareMealPhoto(upload);
  const stored = await storePhoto(deps.storage, photo);
  try {
    if (!model) {
      const row = await deps.db.asUser(userId, (tx) => insertAnalysis(tx, userId, null, stored));
      return { analyzed: false, analysisId: row.id };
    }
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
    const row = await deps.db.asUser(userId, (tx) => insertAnalysis(tx, userId, { model, result }, stored));
    return {
      ...result,
      analyzed: true,
      analysisId: row.id,
      model,
      parsedFrom,
      analysis: analysisText(result, reply, parsedFrom),
      analyzedAt: new Date(row.createdAt).toISOString(),
    };
  } catch (err) {
    await deps.storage.delete(stored.id).catch(() => undefined);
    throw err;
  }
};

/** The owner's stored meal photo; anyone else (or an analysis without a photo) gets a 404. */
export const readMealPhoto = async (deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, id: string) => {
  const row = await deps.db.asUser(userId, (tx) => selectAnalysis(tx, userId, id));
  if (!row?.photoStorageId) throw notFound(PHOTO_NOT_FOUND);
  try {
    const stream = await deps.storage.get(row.photoStorageId, { sha256: row.photoSha256 ?? undefined });
    return { row, bytes: await readAll(stream) };
  } catch (err) {
    if (err instanceof FileNotFoundError) throw notFound(PHOTO_NOT_FOUND);
    if (err instanceof IntegrityError)
      throw new ProblemError(
        500,
        'file_damaged',
        'The stored file failed its integrity check and was not sent.',
      );
    throw err;
  }
};

/** Deletes the stored photo of an analysis a deleted meal cited (after the meal's transaction). */
export const deleteMealPhoto = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  analysisId: string,
) => {
  const storageId = await deps.db.asUser(userId, (tx) => clearAnalysisPhoto(tx, userId, analysisId));
  if (storageId) await deps.storage.delete(storageId);
};

/**
 * A meal citing an analysis (its `aiAnalysisId`, or the `aiEstimate`/`mealPhotoId` it already carries
 * when edited) gets `aiEstimate` from the server's record: the figures that still equal the analysis,
 * and `mealPhotoId` while the analysis keeps a stored photo. A client's own `aiEstimate` or
 * `mealPhotoId` is never kept; someone else's (or an unknown) analysis id is refused.
 */
export const withAiProvenance = async (tx: Tx, userId: string, data: Record<string, unknown>) => {
  const { aiAnalysisId, aiEstimate, mealPhotoId, ...rest } = data as {
    aiAnalysisId?: string;
    aiEstimate?: { analysisId?: string };
    mealPhotoId?: string;
  } & Record<string, unknown>;
  const cited = aiAnalysisId ?? aiEstimate?.analysisId ?? mealPhotoId;
  if (!cited) return rest;
  const row = await selectAnalysis(tx, userId, cited);
  if (!row)
    throw new ProblemError(
      400,
      'validation_failed',
      'The request is not valid. See errors for each problem.',
      [{ path: 'data.aiAnalysisId', message: 'No meal photo analysis with this id' }],
    );
  const result = row.result as unknown as MealAnalysisResult | null;
  return {
    ...rest,
    ...(result && row.model
      ? {
          aiEstimate: {
            analysisId: row.id,
            model: row.model,
            analyzedAt: new Date(row.createdAt).toISOString(),
            fields: aiEstimatedFields(rest as { calories?: number; carbs?: number }, result),
          },
        }
      : {}),
    ...(row.photoStorageId ? { mealPhotoId: row.id } : {}),
  };
};
