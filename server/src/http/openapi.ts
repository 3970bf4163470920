import { ProblemResponse } from '@healthfolio/core';
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationProblem } from './problem';

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found (or not yours)',
  429: 'Too many attempts',
  503: 'Database unavailable',
};

/** Problem responses for the OpenAPI document. */
export const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: DESCRIPTIONS[s] ?? 'Error',
        content: { 'application/problem+json': { schema: ProblemResponse } },
      },
    ]),
  );

export const json = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

/** Every router validates with the core schemas and answers bad input with a problem listing every issue. */
export const createRouter = () =>
  new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
    },
  });

export const SESSION_SECURITY = [{ sessionCookie: [] }];
