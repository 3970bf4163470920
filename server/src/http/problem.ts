import type { ErrorCode, ProblemResponse } from '@healthfolio/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** Thrown anywhere in a request to answer with a problem document. */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode | string,
    readonly detail: string,
    readonly errors?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** Further members of the problem document (RFC 9457 extensions), e.g. the choices to pick from. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

export const notFound = (what = 'The requested resource was not found') =>
  new ProblemError(404, 'not_found', what);

export const zodIssues = (error: ZodError) =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(root)', message: i.message }));

export const validationProblem = (error: ZodError) =>
  new ProblemError(
    400,
    'validation_failed',
    'The request is not valid. See errors for each problem.',
    zodIssues(error),
  );

export const problemBody = (
  status: number,
  code: string,
  detail: string,
  extra?: { requestId?: string; errors?: { path: string; message: string }[] },
): ProblemResponse => ({
  type: `about:blank#${code}`,
  title: TITLES[status] ?? 'Error',
  status,
  detail,
  code,
  ...(extra?.requestId ? { requestId: extra.requestId } : {}),
  ...(extra?.errors ? { errors: extra.errors } : {}),
});

export const problemResponse = (c: Context, p: ProblemError) => {
  const body = problemBody(p.status, p.code, p.detail, { requestId: c.get('requestId'), errors: p.errors });
  return new Response(JSON.stringify({ ...p.extensions, ...body }), {
    status: p.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...p.headers },
  });
};
