import type { EntryCreateRequest, MealAnalysisResponse, MealPhotoStored } from '@healthfolio/core';
import { personHeaders, withPerson } from '@/lib/acting-person';
import { ApiError } from '@/lib/api';

/**
 * Sends the photo itself (its image type as Content-Type) to the server, which stores it and, when a
 * vision provider is configured, analyses it.
 */
export async function analyzeMealPhoto(
  file: File,
  opts: { analyze?: boolean } = {},
): Promise<MealAnalysisResponse | MealPhotoStored> {
  let res: Response;
  try {
    res = await fetch(`/api/v1/ai/meal-photo-analyses${opts.analyze === false ? '?analyze=false' : ''}`, {
      method: 'POST',
      credentials: 'include',
      headers: { ...personHeaders(), Accept: 'application/json', 'Content-Type': file.type },
      body: file,
    });
  } catch {
    throw new ApiError('Could not reach the server.', { status: 0 });
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(body.detail ?? 'Analysis failed', { status: res.status, code: body.code });
  return body as MealAnalysisResponse | MealPhotoStored;
}

/**
 * The meal as it will be saved: a photo picked but not analysed (or picked without a vision model) is
 * stored first, through the same upload, and cited — a meal is never saved without the photo it shows.
 */
export async function withPickedPhoto(
  payload: EntryCreateRequest,
  photo: File | null,
  cite: (analysisId: string) => void,
): Promise<EntryCreateRequest> {
  if (payload.tracker !== 'meal' || !photo || payload.data.aiAnalysisId) return payload;
  const { analysisId } = await analyzeMealPhoto(photo, { analyze: false });
  // Kept in the form, so saving again after a refused save does not store the photo twice.
  cite(analysisId);
  return { ...payload, data: { ...payload.data, aiAnalysisId: analysisId } };
}

/** The address of a meal's stored photo (its owner only). */
export const mealPhotoUrl = (analysisId: string) =>
  withPerson(`/api/v1/ai/meal-photo-analyses/${analysisId}/photo`);

/** Not in the spec: the photo kept with the meal when no vision model can analyse it. */
export const PHOTO_ATTACH_TEXTS = {
  attachedTitle: 'Photo attached',
  savedWithMeal: 'The photo will be saved with the meal.',
  waitForAnalysis: 'Wait for the photo analysis to finish, then save.',
} as const;
