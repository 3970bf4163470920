import type { MealAnalysisResult } from '@healthfolio/core';
import { and, eq, isNotNull, lt, notExists, type SQL, sql } from 'drizzle-orm';
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

const citedByMeal = (userId: SQL | string, id: SQL | string) =>
  and(
    eq(trackerEntries.userId, userId),
    eq(trackerEntries.tracker, 'meal'),
    sql`${trackerEntries.data}->>'mealPhotoId' = ${id}`,
  );

/**
 * The storage id of an analysis's photo that no meal shows any more, with the analysis locked until
 * the transaction ends (so no meal can start citing it meanwhile: see selectAnalysisToCite); null
 * when there is no photo or a meal still shows it.
 */
export const lockUncitedPhoto = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select({ storageId: mealPhotoAnalyses.photoStorageId })
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)))
    .for('update');
  if (!row?.storageId) return null;
  const [shown] = await tx
    .select({ id: trackerEntries.id })
    .from(trackerEntries)
    .where(citedByMeal(userId, id))
    .limit(1);
  return shown ? null : row.storageId;
};

/** Forgets the analysis's photo (the row stays: its estimate may still be cited). */
export const clearAnalysisPhoto = (tx: Tx, userId: string, id: string) =>
  tx
    .update(mealPhotoAnalyses)
    .set({ photoStorageId: null, photoType: null, photoSize: null, photoSha256: null })
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)));

/**
 * Analyses of any user whose photo is still stored, made before `before`, that no meal shows: the
 * user analysed a photo and closed the dialog, or a meal's clean-up failed half-way. System scope.
 */
export const selectUncitedPhotos = (tx: Tx, before: Date, limit: number) =>
  tx
    .select({ id: mealPhotoAnalyses.id, userId: mealPhotoAnalyses.userId })
    .from(mealPhotoAnalyses)
    .where(
      and(
        isNotNull(mealPhotoAnalyses.photoStorageId),
        lt(mealPhotoAnalyses.createdAt, before),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(trackerEntries)
            .where(citedByMeal(sql`${mealPhotoAnalyses.userId}`, sql`${mealPhotoAnalyses.id}::text`)),
        ),
      ),
    )
    .orderBy(mealPhotoAnalyses.createdAt)
    .limit(limit);

export const selectAnalysis = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)));
  return row;
};

/** The analysis a meal being saved cites, share-locked so the photo sweep cannot clear it meanwhile. */
export const selectAnalysisToCite = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)))
    .for('share');
  return row;
};
