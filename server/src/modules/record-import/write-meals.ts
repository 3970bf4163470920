import { Readable } from 'node:stream';
import type { Tx } from '../../db/database';
import { mealPhotoAnalyses } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { prepareMealPhoto } from '../ai/meal-photo';
import { type MealExtras, noteNotUnderstood } from './import-plan';
import type { Written } from './write-plan';

const dateOf = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? null : new Date(t);
};

/**
 * A meal's AI estimate and photo, written back as a meal photo analysis of the person's (one per
 * analysis of the file: `analyses` maps the file's names to the new ids), and the meal's data citing
 * it as the app writes it (`aiEstimate`, `mealPhotoId`, ai/meal-analysis.service.ts). The photo takes
 * the one path every meal photo takes (re-encoded, metadata dropped, ai/meal-photo.ts); bytes that are
 * not an image are left out, the meal still comes in. Without `storage` (a preview) nothing is written.
 */
export const withMealExtras = async (
  tx: Tx,
  userId: string,
  meal: MealExtras,
  data: Record<string, unknown>,
  storage: FileStorage | null,
  out: Written,
  analyses: Map<string, { id: string; analyzedAt: Date; photo: boolean }>,
): Promise<Record<string, unknown>> => {
  if (!storage) return data;
  let analysis = analyses.get(meal.analysisRef);
  if (!analysis) {
    let photo: { id: string; size: number; sha256: string } | null = null;
    if (meal.photo) {
      const bytes = await prepareMealPhoto(Buffer.from(meal.photo.base64, 'base64')).catch(() => null);
      if (bytes) {
        photo = await storage.put(Readable.from([bytes]));
        out.storedFiles.push(photo.id);
      } else
        noteNotUnderstood(
          out.rejected,
          'Meal photos',
          'A photo that is not an image: its meal came in without it.',
        );
    }
    const analyzedAt = dateOf(meal.estimate?.analyzedAt) ?? dateOf(meal.photo?.takenAt) ?? new Date();
    const [row] = await tx
      .insert(mealPhotoAnalyses)
      .values({
        userId,
        model: meal.estimate?.model ?? null,
        result: meal.estimate?.result ?? null,
        photoStorageId: photo?.id ?? null,
        photoType: photo ? 'image/jpeg' : null,
        photoSize: photo?.size ?? null,
        photoSha256: photo?.sha256 ?? null,
        createdAt: analyzedAt,
      })
      .returning({ id: mealPhotoAnalyses.id });
    analysis = { id: row!.id, analyzedAt, photo: photo !== null };
    analyses.set(meal.analysisRef, analysis);
  }
  return {
    ...data,
    ...(meal.estimate
      ? {
          aiEstimate: {
            analysisId: analysis.id,
            model: meal.estimate.model,
            analyzedAt: analysis.analyzedAt.toISOString(),
            fields: meal.estimate.fields,
          },
        }
      : {}),
    ...(analysis.photo ? { mealPhotoId: analysis.id } : {}),
  };
};
