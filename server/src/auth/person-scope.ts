import { PERSON_HEADER, PERSON_QUERY_PARAM } from '@healthfolio/core';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import type { SessionUser } from '../http/context';
import { ProblemError } from '../http/problem';
import { clientOfDb, withAuditClient } from '../modules/audit/audit-context';
import type { SessionResolver } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer for a person the account may not act for (unknown, not its ward, malformed): never 403. */
export const personNotFound = () =>
  new ProblemError(404, 'person_not_found', 'This person was not found in your household.');

type WardRow = { id: string; name: string; email: string; email_verified: boolean };

// One indexed probe (guardianships' primary key is (person, guardian)), parsed once per connection.
const WARD_LOOKUP = {
  name: 'healthfolio_ward_lookup',
  text: `select u.id, u.name, u.email, u.email_verified from guardianships g
    join auth.user u on u.id = g.person_id where g.person_id = $1 and g.guardian_id = $2`,
};

/** The person `accountId` is a guardian of right now, or null (no cache: a removal counts at once). */
export const findWard = async (db: Database, accountId: string, personId: string) => {
  const [row] = await db.ownerStatement<WardRow>({ ...WARD_LOOKUP, values: [personId, accountId] });
  return row ?? null;
};

/** The person a request asks to act for: the header, else `?person=` (EventSource, plain links). */
const wantedPerson = (c: Context) => c.req.header(PERSON_HEADER) ?? c.req.query(PERSON_QUERY_PARAM);

/**
 * `?person=` is the scope, not a parameter of the route: a GET's query is validated without it (strict
 * query schemas would refuse it). Other methods carry the header (their body is not touched here).
 */
const dropPersonParam = (c: Context) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
  const url = new URL(c.req.url);
  if (!url.searchParams.has(PERSON_QUERY_PARAM)) return;
  url.searchParams.delete(PERSON_QUERY_PARAM);
  c.req.raw = new Request(url, c.req.raw);
};

type Scope = 'person' | 'account';

/**
 * Resolves the session once per request (several routers guard overlapping paths), sets `account`, and
 * rebinds the request's database handle so its transactions carry the account (the audit row's actor;
 * `app.account_id` when it acts for another person).
 */
const signedIn = async (c: Context, resolve: SessionResolver): Promise<SessionUser> => {
  const known = c.get('account');
  if (known) return known;
  const resolved = await resolve(c.req.raw.headers);
  if (!resolved) throw new ProblemError(401, 'unauthenticated', 'Please sign in to continue.');
  c.set('account', resolved.user);
  c.set('setCookies', resolved.setCookies);
  return resolved.user;
};

const actAs = (c: Context, user: SessionUser, account: SessionUser, scope: Scope) => {
  c.set('user', user);
  c.set('personScope', scope);
  c.set(
    'db',
    withAuditClient(c.get('db'), { ...clientOfDb(c.get('db')), accountId: account.id, personId: user.id }),
  );
};

const finish = async (c: Context, next: () => Promise<void>, first: boolean) => {
  await next();
  if (first) for (const cookie of c.get('setCookies') ?? []) c.res.headers.append('set-cookie', cookie);
};

/**
 * Guards a person-scoped route: 401 without a live session; with `X-Healthfolio-Person` (or
 * `?person=`) naming someone else, the account must be that person's guardian right now (404
 * `person_not_found` otherwise). Then `c.get('user')` is the PERSON and `c.get('account')` the
 * signed-in account; without the header both are the account.
 */
export const requireUser = (db: Database, resolve: SessionResolver): MiddlewareHandler =>
  createMiddleware(async (c, next) => {
    if (c.get('personScope') === 'person') return next();
    const first = !c.get('account');
    const account = await signedIn(c, resolve);
    const wanted = wantedPerson(c);
    dropPersonParam(c);
    if (!wanted || wanted === account.id) {
      actAs(c, account, account, 'person');
      return finish(c, next, first);
    }
    if (!UUID.test(wanted)) throw personNotFound();
    const ward = await findWard(db, account.id, wanted.toLowerCase());
    if (!ward) throw personNotFound();
    const person: SessionUser = {
      id: ward.id,
      email: ward.email,
      name: ward.name,
      emailVerified: ward.email_verified,
      sessionId: account.sessionId,
      sessionToken: account.sessionToken,
    };
    actAs(c, person, account, 'person');
    return finish(c, next, first);
  });

/**
 * The ward a guardian acts for on this person-scoped request (their account's name, for the words that
 * name them), or null when the account acts for itself.
 */
export const actingWard = (c: Context): { name: string } | null => {
  const person: SessionUser = c.get('user');
  return c.get('account')?.id === person.id ? null : { name: person.name };
};

/**
 * Guards an account-level route (the household, second factors, the notification stream, the admin
 * console): whatever the header says, `c.get('user')` and `c.get('account')` are the signed-in account.
 */
export const requireAccount = (resolve: SessionResolver): MiddlewareHandler =>
  createMiddleware(async (c, next) => {
    if (c.get('personScope') === 'account') return next();
    const first = !c.get('account');
    const account = await signedIn(c, resolve);
    dropPersonParam(c);
    actAs(c, account, account, 'account');
    return finish(c, next, first);
  });
