import { CustomFoodCreateRequest, CustomFoodListResponse, CustomFoodResponse } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { addCustomFood, listCustomFoods, removeCustomFood } from './foods.service';

const base = { tags: ['Carb counter'], security: SESSION_SECURITY };

const list = createRoute({
  ...base,
  method: 'get',
  path: '/api/v1/foods/custom',
  summary: 'Foods you added to your carb counter',
  responses: { 200: json(CustomFoodListResponse, 'Your foods'), ...problems(401, 503) },
});
const create = createRoute({
  ...base,
  method: 'post',
  path: '/api/v1/foods/custom',
  summary: 'Add a food (carbs per 100 g) to your carb counter',
  request: { body: jsonBody(CustomFoodCreateRequest) },
  responses: { 201: json(CustomFoodResponse, 'The new food'), ...problems(400, 401, 409, 503) },
});
const remove = createRoute({
  ...base,
  method: 'delete',
  path: '/api/v1/foods/custom/{id}',
  summary: 'Remove one of your foods',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 204: { description: 'Removed' }, ...problems(401, 404, 503) },
});

export const foodsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  app.use('/api/v1/foods/*', requireUser);
  app.openapi(list, async (c) => c.json(await listCustomFoods(c.get('db'), c.get('user').id), 200));
  app.openapi(create, async (c) =>
    c.json(await addCustomFood(c.get('db'), c.get('user').id, c.req.valid('json')), 201),
  );
  app.openapi(remove, async (c) => {
    await removeCustomFood(c.get('db'), c.get('user').id, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
};
