import type { MealAnalysisResult } from '@healthfolio/core';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { mealPhotoAnalyses } from '../../db/schema';

export const insertAnalysis = async (tx: Tx, userId: string, model: string, result: MealAnalysisResult) => {
  const [row] = await tx.insert(mealPhotoAnalyses).values({ userId, model, result }).returning();
  return row!;
};

export const selectAnalysis = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(mealPhotoAnalyses)
    .where(and(eq(mealPhotoAnalyses.userId, userId), eq(mealPhotoAnalyses.id, id)));
  return row;
};
