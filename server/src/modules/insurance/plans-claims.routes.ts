import {
  ClaimCreateRequest,
  type ClaimFields,
  ClaimListResponse,
  ClaimResponse,
  ClaimUpdateRequest,
  PlanCreateRequest,
  type PlanFields,
  PlanListResponse,
  PlanResponse,
  PlanUpdateRequest,
} from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { createClaim, deleteClaim, getClaim, listClaims, updateClaim } from './claims.service';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service';

const IdParam = z.object({ id: z.string().uuid() });
const base = { tags: ['Insurance'], security: SESSION_SECURITY };

/** The five routes of a collection: list, create, read, edit, remove. */
const crud = <C extends z.ZodType, U extends z.ZodType, R extends z.ZodType, L extends z.ZodType>(
  path: string,
  noun: string,
  s: { create: C; update: U; one: R; list: L },
) => ({
  list: createRoute({
    ...base,
    method: 'get',
    path,
    summary: `Your ${noun}s`,
    responses: { 200: json(s.list, `${noun}s`), ...problems(401, 503) },
  }),
  create: createRoute({
    ...base,
    method: 'post',
    path,
    summary: `Add a ${noun}`,
    request: { body: jsonBody(s.create) },
    responses: { 201: json(s.one, `The ${noun}`), ...problems(400, 401, 409, 503) },
  }),
  read: createRoute({
    ...base,
    method: 'get',
    path: `${path}/{id}`,
    summary: `One of your ${noun}s`,
    request: { params: IdParam },
    responses: { 200: json(s.one, `The ${noun}`), ...problems(401, 404, 503) },
  }),
  update: createRoute({
    ...base,
    method: 'patch',
    path: `${path}/{id}`,
    summary: `Edit a ${noun} (any fields; the result is checked as a whole)`,
    request: { params: IdParam, body: jsonBody(s.update) },
    responses: { 200: json(s.one, `The updated ${noun}`), ...problems(400, 401, 404, 409, 503) },
  }),
  remove: createRoute({
    ...base,
    method: 'delete',
    path: `${path}/{id}`,
    summary: `Remove a ${noun}`,
    request: { params: IdParam },
    responses: { 204: { description: 'Removed' }, ...problems(401, 404, 503) },
  }),
});

const plans = crud('/api/v1/insurance/plans', 'insurance plan', {
  create: PlanCreateRequest,
  update: PlanUpdateRequest,
  one: PlanResponse,
  list: PlanListResponse,
});
const claims = crud('/api/v1/insurance/claims', 'claim', {
  create: ClaimCreateRequest,
  update: ClaimUpdateRequest,
  one: ClaimResponse,
  list: ClaimListResponse,
});

export const plansClaimsRoutes = ({ requireUser }: AppDeps) => {
  const app = createRouter();
  for (const path of ['plans', 'plans/*', 'claims', 'claims/*'])
    app.use(`/api/v1/insurance/${path}`, requireUser);
  const uid = (c: { get(k: 'user'): { id: string } }) => c.get('user').id;
  const id = (c: { req: { valid(t: 'param'): { id: string } } }) => c.req.valid('param').id;
  // An edit is merged with the stored record in the request's own form (amounts as decimals) and
  // checked again as a whole, so the service takes the body as sent; the route has validated it.
  const edit = <T>(c: { req: { json(): Promise<unknown> } }) => c.req.json() as Promise<T>;
  app.openapi(plans.list, async (c) => c.json(await listPlans(c.get('db'), uid(c)), 200));
  app.openapi(plans.create, async (c) =>
    c.json(await createPlan(c.get('db'), uid(c), c.req.valid('json') as PlanFields), 201),
  );
  app.openapi(plans.read, async (c) => c.json(await getPlan(c.get('db'), uid(c), id(c)), 200));
  app.openapi(plans.update, async (c) =>
    c.json(await updatePlan(c.get('db'), uid(c), id(c), await edit<PlanUpdateRequest>(c)), 200),
  );
  app.openapi(plans.remove, async (c) => {
    await deletePlan(c.get('db'), uid(c), id(c));
    return c.body(null, 204);
  });
  app.openapi(claims.list, async (c) => c.json(await listClaims(c.get('db'), uid(c)), 200));
  app.openapi(claims.create, async (c) =>
    c.json(await createClaim(c.get('db'), uid(c), c.req.valid('json') as ClaimFields), 201),
  );
  app.openapi(claims.read, async (c) => c.json(await getClaim(c.get('db'), uid(c), id(c)), 200));
  app.openapi(claims.update, async (c) =>
    c.json(await updateClaim(c.get('db'), uid(c), id(c), await edit<ClaimUpdateRequest>(c)), 200),
  );
  app.openapi(claims.remove, async (c) => {
    await deleteClaim(c.get('db'), uid(c), id(c));
    return c.body(null, 204);
  });
  return app;
};
