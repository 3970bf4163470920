import { MEAL_PHOTO_MAX_BYTES, MealAnalysisResponse, MealPhotoStored } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError, problemResponse } from '../../http/problem';
import { withRequestDb } from '../audit/audit-context';
import { fileHeaders } from '../documents/documents.presenter';
import { analyzeMealPhoto, readMealPhoto } from './meal-analysis.service';
import { invalidImage } from './meal-photo';

export const MEAL_PHOTO_PATH = '/api/v1/ai/meal-photo-analyses';

const analyze = createRoute({
  tags: ['AI assistant'],
  security: SESSION_SECURITY,
  method: 'post',
  path: MEAL_PHOTO_PATH,
  summary:
    'Analyse a meal photo (the image itself as the body, Content-Type image/*, up to 10 MB): food items, estimated calories and carbs, nutrition note, meal type. The re-encoded photo (no metadata) is stored; without a vision provider, or with ?analyze=false, it is only stored (analyzed: false). Cite the returned analysisId as the meal’s data.aiAnalysisId.',
  request: {
    query: z.object({
      analyze: z.enum(['true', 'false']).optional().openapi({
        description: 'false: only store the photo (a meal saved with a photo it did not analyse)',
      }),
    }),
    body: {
      required: true,
      content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
    },
  },
  responses: {
    200: json(
      z.union([MealAnalysisResponse, MealPhotoStored]),
      'What the vision model found, or (no vision provider) that the photo was stored',
    ),
    ...problems(400, 401, 413, 429, 502),
  },
});

const photo = createRoute({
  tags: ['AI assistant'],
  security: SESSION_SECURITY,
  method: 'get',
  path: `${MEAL_PHOTO_PATH}/{id}/photo`,
  summary: 'The stored meal photo of an analysis (its owner only), as a sandboxed, uncached image',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: {
      description: 'The photo',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...problems(401, 404, 500),
  },
});

export const mealAnalysisRoutes = (deps: AppDeps) => {
  const app = createRouter();
  // Every photo is stored, so it counts as an upload too (besides the AI quota when analysed).
  app.use(MEAL_PHOTO_PATH, deps.requireUser, deps.quotas.upload);
  app.use(`${MEAL_PHOTO_PATH}/*`, deps.requireUser);
  // The app-wide 1 MB limit skips this path (app.ts); a photo may be larger.
  app.use(
    MEAL_PHOTO_PATH,
    bodyLimit({
      maxSize: MEAL_PHOTO_MAX_BYTES,
      onError: (c) =>
        problemResponse(c, new ProblemError(413, 'payload_too_large', 'The photo is larger than 10 MB.')),
    }),
  );
  app.openapi(analyze, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type.startsWith('image/')) throw invalidImage();
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (!bytes.length) throw invalidImage();
    const analyze = c.req.valid('query').analyze !== 'false';
    return c.json(await analyzeMealPhoto(withRequestDb(deps, c), c.get('user').id, bytes, { analyze }), 200);
  });
  app.openapi(photo, async (c) => {
    const { row, bytes } = await readMealPhoto(
      withRequestDb(deps, c),
      c.get('user').id,
      c.req.valid('param').id,
    );
    const headers = fileHeaders(
      { fileName: 'meal-photo.jpg', fileType: row.photoType ?? 'image/jpeg', fileSize: bytes.length },
      true,
    );
    return new Response(new Uint8Array(bytes), { status: 200, headers });
  });
  return app;
};
