import { MEAL_PHOTO_MAX_BYTES, MealAnalysisResponse } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { ProblemError, problemResponse } from '../../http/problem';
import { analyzeMealPhoto } from './meal-analysis.service';
import { invalidImage } from './meal-photo';

export const MEAL_PHOTO_PATH = '/api/v1/ai/meal-photo-analyses';

const analyze = createRoute({
  tags: ['AI assistant'],
  security: SESSION_SECURITY,
  method: 'post',
  path: MEAL_PHOTO_PATH,
  summary:
    'Analyse a meal photo (the image itself as the body, Content-Type image/*, up to 10 MB): food items, estimated calories and carbs, nutrition note, meal type. Cite the returned analysisId as the meal’s data.aiAnalysisId.',
  request: {
    body: {
      required: true,
      content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
    },
  },
  responses: {
    200: json(MealAnalysisResponse, 'What the vision model found'),
    ...problems(400, 401, 413, 429, 502, 503),
  },
});

export const mealAnalysisRoutes = (deps: AppDeps) => {
  const app = createRouter();
  app.use(MEAL_PHOTO_PATH, deps.requireUser);
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
    return c.json(await analyzeMealPhoto(deps, c.get('user').id, bytes), 200);
  });
  return app;
};
