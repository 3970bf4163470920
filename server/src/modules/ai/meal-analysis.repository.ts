import type { MealAnalysisResult } from '@healthfolio/core';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { mealPhotoAnalyses } from '../../db/schema';

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

/** Forgets the photo of an analysis (the row stays: a meal may still cite its estimate). */
export const clearAnalysisPhoto = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select({ storageId: mealPhotoAnalyses.photoStorageId })
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)))
    .for('update');
  if (!row?.storageId) return null;
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
