import type { MealAnalysisResponse } from '@healthfolio/core';
import { ApiError } from '@/lib/api';

/** Sends the photo itself (its image type as Content-Type) to the server's analysis. */
export async function analyzeMealPhoto(file: File): Promise<MealAnalysisResponse> {
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
  return body as MealAnalysisResponse;
}
