import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/database';
import { findCause, hasCauseCode } from '../db/error-cause';
import { ProblemError, problemResponse, validationProblem } from './problem';

const fromHttpException = (err: HTTPException) => {
  if (err.status === 400 && /malformed json/i.test(err.message))
    return new ProblemError(400, 'malformed_json', 'The request body is not valid JSON.');
  if (err.status === 413) return new ProblemError(413, 'payload_too_large', 'The request body is too large.');
  if (err.status === 415)
    return new ProblemError(
      415,
      'unsupported_media_type',
      'The request body is not of a type this operation reads: send application/json.',
    );
  if (err.status === 401) return new ProblemError(401, 'unauthenticated', 'Please sign in to continue.');
  if (err.status === 403) return new ProblemError(403, 'forbidden', err.message || 'Forbidden');
  return new ProblemError(
    err.status as 400,
    'bad_request',
    err.message || 'The request could not be processed.',
  );
};

/**
 * PostgreSQL's refusals of a text it cannot store: NUL in text (22021) or an escaped NUL in jsonb (22P05).
 * The request schemas refuse control characters field by field (`text()` in core); this is the net under
 * a field that forgot, so a person's typing is a 400, never a 500. The transaction has rolled back.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/**
 * A lone UTF-16 surrogate (`"\ud800"` in a JSON body) parses in JavaScript but not as jsonb: 22P02 with
 * a detail about the surrogate (found by fuzzing, issue 37: a 500 on every route that keeps jsonb).
 */
const LONE_SURROGATE = /surrogate/i;
const isUnstorableText = (err: unknown) =>
  findCause(
    err,
    (e) =>
      (typeof e.code === 'string' && UNSTORABLE_TEXT.has(e.code)) ||
      (e.code === '22P02' && LONE_SURROGATE.test(`${String(e.detail)} ${String(e.message)}`)),
  ) !== undefined;

/**
 * The disk is full: a file write's ENOSPC (or a quota's EDQUOT) under DATA_DIR, or the database's
 * disk_full (53100, PostgreSQL's or the embedded store's). Nothing was stored (a file is written to a
 * temporary name first, a transaction rolls back); the request can be sent again once space is freed.
 */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', '53100']);
const isOutOfSpace = (err: unknown) => hasCauseCode(err, ...NO_SPACE);

/** Every failure becomes a problem document; nothing internal (stack, SQL) ever reaches the client. */
export const errorHandler = (logger: Logger) => (err: Error, c: Context) => {
  if (err instanceof ProblemError) return problemResponse(c, err);
  if (err instanceof ZodError) return problemResponse(c, validationProblem(err));
  if (err instanceof HTTPException) return problemResponse(c, fromHttpException(err));
  const requestId = c.get('requestId');
  if (isDatabaseUnavailable(err)) {
    logger.warn({ requestId, err: { message: err.message } }, 'database unavailable');
    return problemResponse(
      c,
      new ProblemError(
        503,
        'database_unavailable',
        'The database is not reachable right now. Please try again shortly.',
        undefined,
        {
          'retry-after': '5',
        },
      ),
    );
  }
  if (isOutOfSpace(err)) {
    logger.error({ requestId, code: 'insufficient_storage' }, 'out of disk space: nothing was stored');
    return problemResponse(
      c,
      new ProblemError(
        507,
        'insufficient_storage',
        'The server has no room left to store this. Nothing was saved; please try again later.',
        undefined,
        { 'retry-after': '60' },
      ),
    );
  }
  if (isUnstorableText(err)) {
    logger.warn(
      { requestId, code: 'unstorable_text' },
      'a text with a control character reached the database',
    );
    return problemResponse(
      c,
      new ProblemError(
        400,
        'unstorable_text',
        'The text sent holds a character that cannot be stored: an invisible control character (such as NUL) or half of an emoji. Remove it and try again.',
      ),
    );
  }
  logger.error({ requestId, err }, 'unhandled error');
  return problemResponse(
    c,
    new ProblemError(500, 'internal_error', `Something went wrong on our side. Reference: ${requestId}.`),
  );
};

const patternToRegex = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/:[^/]+/g, '/[^/]+')
      .replace(/\*/g, '.*')}$`,
  );

/** Unknown route: 405 when the path exists under another method, else 404. */
export const notFoundHandler = (app: { routes: { method: string; path: string }[] }) => (c: Context) => {
  const path = c.req.path;
  const allowed = new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '/*' && patternToRegex(r.path).test(path))
      .map((r) => r.method),
  );
  if (allowed.size > 0 && !allowed.has(c.req.method)) {
    return problemResponse(
      c,
      new ProblemError(405, 'method_not_allowed', `${c.req.method} is not allowed here.`, undefined, {
        allow: [...allowed].join(', '),
      }),
    );
  }
  return problemResponse(
    c,
    new ProblemError(404, 'not_found', `No API route matches ${c.req.method} ${path}.`),
  );
};
