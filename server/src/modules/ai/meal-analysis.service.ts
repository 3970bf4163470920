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
  lockUncitedPhoto,
  type StoredPhoto,
  selectAnalysis,
  selectAnalysisToCite,
  selectUncitedPhotos,
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
 * saved from it can prove which figures are the AI's and show its photo. Without a vision provider,
 * or when the user saves a meal with a photo they did not analyse (`analyze: false`), the photo is
 * only stored and its id returned: every meal photo takes this one path. A failed analysis deletes
 * the stored photo (no row names it, so nothing could ever reach it); a photo no meal ever cites is
 * swept later (jobs/file-sweeps.ts).
 */
export const analyzeMealPhoto = async (
  deps: Pick<AppDeps, 'db' | 'ai' | 'quotas' | 'storage'>,
  userId: string,
  upload: Uint8Array,
  opts: { analyze?: boolean } = {},
): Promise<MealAnalysisResponse | MealPhotoStored> => {
  const model = opts.analyze === false ? null : deps.ai.visionModel;
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

/**
 * Deletes the stored photo of an analysis once no meal shows it (after a deleted meal's transaction,
 * or from the sweep). The object goes before the row forgets it: if this fails half-way, the row
 * still names the photo and the sweep (jobs/file-sweeps.ts) tries again, so no object is ever left
 * that no row names. Returns whether a photo was deleted.
 */
export const deleteMealPhoto = (deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, analysisId: string) =>
  deps.db.asUser(userId, async (tx) => {
    const storageId = await lockUncitedPhoto(tx, userId, analysisId);
    if (!storageId) return false;
    await deps.storage.delete(storageId);
    await clearAnalysisPhoto(tx, userId, analysisId);
    return true;
  });

/** How long a stored photo may wait for a meal to cite it (the dialog may stay open a while). */
export const UNCITED_PHOTO_TTL_MS = 24 * 3_600_000;
const SWEEP_BATCH = 50;

/** Deletes the stored photos no meal shows, of analyses older than a day, for every user. */
export const sweepUncitedMealPhotos = async (deps: Pick<AppDeps, 'db' | 'storage'>, now: Date) => {
  const before = new Date(now.getTime() - UNCITED_PHOTO_TTL_MS);
  let deleted = 0;
  let failure: unknown;
  for (;;) {
    const due = await deps.db.asSystem((tx) => selectUncitedPhotos(tx, before, SWEEP_BATCH));
    // One photo that cannot be deleted (storage down) must not hold up the others; it is tried again next run.
    let settled = 0;
    for (const { id, userId } of due) {
      try {
        if (await deleteMealPhoto(deps, userId, id)) deleted++;
        settled++;
      } catch (err) {
        failure ??= err;
      }
    }
    if (due.length < SWEEP_BATCH || settled === 0) break;
  }
  if (failure) throw failure;
  return deleted;
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
  const row = await selectAnalysisToCite(tx, userId, cited);
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
