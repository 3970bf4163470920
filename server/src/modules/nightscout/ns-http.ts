import { ProblemResponse } from '@healthfolio/core';
import type { Context } from 'hono';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Limiter, LimiterFactory } from '../../auth/limiter-store';
import type { Database } from '../../db/database';
import { ipBucket } from '../../http/client-ip';
import { readTextWithin } from '../../http/limited-body';
import { timeOf } from './ns-find';

/** What status.json reports: xDrip+ refuses 0.6–0.8, AndroidAPS wants a recent major. */
export const NS_COMPAT_VERSION = '15.0.7';

/**
 * Nightscout's own error shape (`status`, `message`, `description`), which the apps read, with our
 * problem fields beside it.
 */
export const nsError = (
  c: Context,
  status: 400 | 401 | 403 | 404 | 413 | 422 | 429,
  message: string,
  description?: string,
) =>
  c.body(
    JSON.stringify({
      status,
      message,
      ...(description ? { description } : {}),
      type: 'about:blank',
      title: message,
      detail: description ?? message,
      code: message.toLowerCase().replace(/\W+/g, '_'),
    }),
    status,
    { 'content-type': 'application/problem+json' },
  );

const nsAnswer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemResponse } },
});

/** What any Nightscout operation may answer, for the API document: nsError's statuses. */
export const NS_ANSWERS = {
  200: { description: 'As Nightscout answers' },
  400: nsAnswer('A body that is not JSON, or a find[…], pattern or date that cannot be read'),
  401: nsAnswer('{"status":401,"message":"Unauthorized"}: no credential, or not one for this site'),
  403: nsAnswer('The credential may not do this (a follower writing)'),
  404: nsAnswer('Nothing at this address for the credential (an unknown collection or record)'),
  413: nsAnswer('The body is larger than the upload limit'),
  429: nsAnswer('Too many requests from this address'),
};

/**
 * A time bound from the query, as epoch ms (digits or ISO text, ns-find's `timeOf`); `$gt` and `$lt` become inclusive
 * bounds a millisecond further in. `names` lists the parameter spellings for an operator.
 */
export const queryBound = (q: Record<string, string>, ops: string[], names: (op: string) => string[]) => {
  for (const op of ops)
    for (const name of names(op)) {
      const v = q[name];
      if (v === undefined) continue;
      const ms = timeOf(v);
      if (!Number.isNaN(ms)) return op === '$gt' ? ms + 1 : op === '$lt' ? ms - 1 : ms;
    }
  return undefined;
};

/** Uploaders post every few minutes, several apps per phone; a guesser gets little from this. */
export const NS_REQUESTS_PER_IP = { points: 600, duration: 600 };

const perIpBudgets = new WeakMap<LimiterFactory, Limiter>();
/** The one per-IP budget every Nightscout door (REST v1/v3 and the socket) draws on. */
export const nsPerIpLimiter = (limiter: LimiterFactory) => {
  let found = perIpBudgets.get(limiter);
  if (!found) {
    found = limiter({ keyPrefix: 'ns-api', ...NS_REQUESTS_PER_IP });
    perIpBudgets.set(limiter, found);
  }
  return found;
};

export const bearer = (c: Context) => c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * One per-IP budget for every Nightscout path (IPv6 by /64, as every public door counts); a 429 as
 * Nightscout-shaped JSON when it is spent.
 */
export const consumeOrRefuse = async (
  c: Context,
  limiter: { consume: (key: string) => Promise<unknown> },
) => {
  try {
    await limiter.consume(ipBucket(c.get('clientIp')));
    return null;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    return tooManyRequests(c, err.msBeforeNext);
  }
};

const tooManyRequests = (c: Context, msBeforeNext: number) => {
  c.header('retry-after', String(Math.max(1, Math.ceil(msBeforeNext / 1000))));
  return nsError(c, 429, 'Too Many Requests', 'Too many requests. Please try again later.');
};

/** Whether the budget can travel with the door's lookup: its counter is a row in `auth.rate_limit`. */
const budgetRowOf = (limiter: unknown) => {
  if (!(limiter instanceof RateLimiterDrizzle) || !(limiter.duration > 0)) return null;
  // Blocking options change what consume() does after the count: none of the doors' budgets uses them.
  const opts = limiter as unknown as { inMemoryBlockOnConsumed?: number; blockDuration?: number };
  return (opts.inMemoryBlockOnConsumed ?? 0) > 0 || (opts.blockDuration ?? 0) > 0 ? null : limiter;
};

/**
 * The statement `RateLimiterDrizzle.consume` runs (the same row, key and arithmetic, so every door
 * draws on one budget), which also sets `app.door_open` for the rest of its implicit transaction:
 * a lookup sent after it reads nothing once the budget is spent.
 */
const BUDGET_TEXT = `with budget as (
    insert into auth.rate_limit as r (key, points, expire) values ($1, 1, $2::timestamptz)
    on conflict (key) do update set
      points = case when r.expire <= $3::timestamptz then 1 else r.points + 1 end,
      expire = case when r.expire <= $3::timestamptz then $2::timestamptz else r.expire end
    returning points, expire)
  select points, expire, set_config('app.door_open', (points <= $4::int)::text, true) from budget`;

const budgetStatementOf = (c: Context, budget: RateLimiterDrizzle) => {
  const now = Date.now();
  return {
    name: 'healthfolio_door_budget',
    text: BUDGET_TEXT,
    values: [
      budget.getKey(ipBucket(c.get('clientIp'))),
      new Date(now + budget.duration * 1000).toISOString(),
      new Date(now).toISOString(),
      String(budget.points),
    ],
  };
};

/**
 * The per-IP budget's statement, to travel before a transaction's `begin` (`sendBeforeBegin`): it
 * sets `app.door_open` for that transaction, which a later statement must require. Null where the
 * budget is not a row in the database.
 */
export const budgetStatement = (c: Context, limiter: unknown) => {
  const budget = budgetRowOf(limiter);
  return budget ? budgetStatementOf(c, budget) : null;
};

/**
 * The per-IP budget and the door's lookup in one round trip (PostgreSQL, budget in the database):
 * the budget is taken first and the lookup (`lookup`, read-only in the system scope, which must
 * require `current_setting('app.door_open', true) = 'true'`) reads nothing once it is spent. Answers
 * the refusal, or the lookup's rows; null where the two cannot go together (then use
 * `consumeOrRefuse` and look up on its own).
 */
export const budgetThenLookup = async <R>(
  c: Context,
  db: Database,
  limiter: unknown,
  lookup: { name: string; text: string; values: unknown[] },
): Promise<{ refused: Response } | { rows: R[] } | null> => {
  const budget = budgetRowOf(limiter);
  if (!budget || !db.ownerThenSystemRead) return null;
  const [[spent], rows] = await db.ownerThenSystemRead<{ points: number; expire: Date | null }, R>(
    budgetStatementOf(c, budget),
    lookup,
  );
  if (spent && spent.points > budget.points) {
    const msBeforeNext = spent.expire ? Math.max(new Date(spent.expire).getTime() - Date.now(), 0) : -1;
    return { refused: tooManyRequests(c, msBeforeNext) };
  }
  return { rows };
};

/** `a[b][c]=1` → `{a: {b: {c: '1'}}}`, as body-parser's extended urlencoded reads it. */
const formToObject = (text: string) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    if (!path.length || path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype'))
      continue;
    let node = out;
    for (const p of path.slice(0, -1)) {
      if (typeof node[p] !== 'object' || node[p] === null) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
};

/** A day of 1-minute readings from a backfill is ~400 KB; Nightscout itself allows far more. */
export const NS_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export type NsBody = { ok: true; body: unknown } | { ok: false; reason: 'too_large' | 'not_json' };

/**
 * The body as Nightscout's body-parser reads it: JSON (whatever the content type says, as the apps
 * are careless with it) or, when the type says so, a form (`application/x-www-form-urlencoded`).
 * Read only after the credential was checked, and never past NS_BODY_LIMIT_BYTES (a Content-Length
 * over it is refused unread).
 */
export const readBody = async (c: Context): Promise<NsBody> => {
  const method = c.req.method;
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return { ok: true, body: [] };
  const read = await readTextWithin(c.req.raw, NS_BODY_LIMIT_BYTES);
  if (!read.ok) return { ok: false, reason: 'too_large' };
  const text = read.text;
  if (!text.trim()) return { ok: true, body: [] };
  if (/application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? ''))
    return { ok: true, body: formToObject(text) };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'not_json' };
  }
};

/** The answer to a body that could not be read: 413 over the limit, else the route's 400. */
export const refusedBody = (c: Context, reason: 'too_large' | 'not_json', badJson: () => Response) =>
  reason === 'too_large'
    ? nsError(c, 413, 'Payload Too Large', 'The request body is larger than 5 MB.')
    : badJson();
