import type { MealAnalysisResponse, MealPhotoStored } from '@healthfolio/core';
import { ApiError } from '@/lib/api';

/**
 * Sends the photo itself (its image type as Content-Type) to the server, which stores it and, when a
 * vision provider is configured, analyses it.
 */
export async function analyzeMealPhoto(file: File): Promise<MealAnalysisResponse | MealPhotoStored> {
  let res: Response;
  try {
    res = await fetch('/api/v1/ai/meal-photo-analyses', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': file.type },
      body: file,
    });
  } catch {
    throw new ApiError('Could not reach the server.', { status: 0 });
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(body.detail ?? 'Analysis failed', { status: res.status, code: body.code });
  return body as MealAnalysisResponse | MealPhotoStored;
}

/** The address of a meal's stored photo (its owner only). */
export const mealPhotoUrl = (analysisId: string) => `/api/v1/ai/meal-photo-analyses/${analysisId}/photo`;

/** Not in the spec: the photo kept with the meal when no vision model can analyse it. */
export const PHOTO_ATTACH_TEXTS = {
  attachedTitle: 'Photo attached',
  attachFailedTitle: 'Photo not attached',
  attachFailedDescription: 'The photo could not be saved. Please try again.',
} as const;
