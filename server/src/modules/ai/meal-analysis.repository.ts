import type { MealAnalysisResult } from '@healthfolio/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { mealPhotoAnalyses, trackerEntries } from '../../db/schema';

export interface StoredPhoto {
  id: string;
  size: number;
  sha256: string;
}

export const insertAnalysis = async (
  tx: Tx,
  userId: string,
  analysed: { model: string; result: MealAnalysisResult } | null,
  photo: StoredPhoto,
) => {
  const [row] = await tx
    .insert(mealPhotoAnalyses)
    .values({
      userId,
      model: analysed?.model ?? null,
      result: analysed?.result ?? null,
      photoStorageId: photo.id,
      photoType: 'image/jpeg',
      photoSize: photo.size,
      photoSha256: photo.sha256,
    })
    .returning();
  return row!;
};

/**
 * Forgets the photo of an analysis no meal shows any more (the row stays: its estimate may still be
 * cited). Returns the storage id to delete, or null while another meal still shows the photo.
 */
export const clearAnalysisPhoto = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select({ storageId: mealPhotoAnalyses.photoStorageId })
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)))
    .for('update');
  if (!row?.storageId) return null;
  const [shown] = await tx
    .select({ id: trackerEntries.id })
    .from(trackerEntries)
    .where(
      and(
        eq(trackerEntries.userId, userId),
        eq(trackerEntries.tracker, 'meal'),
        sql`${trackerEntries.data}->>'mealPhotoId' = ${id}`,
      ),
    )
    .limit(1);
  if (shown) return null;
  await tx
    .update(mealPhotoAnalyses)
    .set({ photoStorageId: null, photoType: null, photoSize: null, photoSha256: null })
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)));
  return row.storageId;
};

export const selectAnalysis = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)));
  return row;
};
