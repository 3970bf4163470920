import { createMiddleware } from 'hono/factory';
import type { Database, Tx } from '../../db/database';

export interface AuditClient {
  ipAddress: string | null;
  userAgent: string | null;
  /**
   * The signed-in account (set once the session is resolved): the audit row's actor, and, when it acts
   * for another person (a guardian), the transaction's `app.account_id` (db/database.ts). Null outside
   * a signed-in request (the scheduler, a public door): the system acts.
   */
  accountId?: string | null;
  /**
   * The person the request acts for (the account itself, or a ward). Only that person's transactions
   * carry the account as `app.account_id`: work a request does for someone else (notifying another
   * user) runs in that user's plain scope, as it always did.
   */
  personId?: string | null;
}

const NO_CLIENT: AuditClient = { ipAddress: null, userAgent: null };

/** The client of each transaction opened through a request's database handle. */
const txClients = new WeakMap<object, AuditClient>();

const CLIENT = Symbol('audit client');
const BASE = Symbol('app database');
/** A request's handle: the app's database with the request's client (see `withAuditClient`). */
type Bound = Database & { [CLIENT]?: AuditClient; [BASE]?: Database };

const accountFor = (client: AuditClient, userId: string) =>
  client.accountId && userId === client.personId ? client.accountId : undefined;

const bindTx =
  <T>(client: AuditClient, fn: (tx: Tx) => Promise<T>) =>
  (tx: Tx) => {
    txClients.set(tx, client);
    return fn(tx);
  };

/** The handle's transactions, on its app database, each carrying the handle's client. */
const SCOPED: Pick<Database, 'asUser' | 'readAsUser' | 'asSystem' | 'asShare'> & ThisType<Required<Bound>> = {
  asUser(userId, fn, accountId) {
    return this[BASE].asUser(userId, bindTx(this[CLIENT], fn), accountId ?? accountFor(this[CLIENT], userId));
  },
  readAsUser(userId, fn, accountId) {
    return this[BASE].readAsUser(
      userId,
      bindTx(this[CLIENT], fn),
      accountId ?? accountFor(this[CLIENT], userId),
    );
  },
  asSystem(fn) {
    return this[BASE].asSystem(bindTx(this[CLIENT], fn));
  },
  asShare(shareId, fn) {
    return this[BASE].asShare(shareId, bindTx(this[CLIENT], fn));
  },
};

/** Per app database, the prototype of its request handles: the database itself with SCOPED over it. */
const prototypes = new WeakMap<Database, Database>();
const prototypeFor = (db: Database) => {
  let proto = prototypes.get(db);
  if (!proto) {
    proto = Object.assign(Object.create(db) as Database, SCOPED, { [BASE]: db });
    prototypes.set(db, proto);
  }
  return proto;
};

/**
 * The database as one request sees it: every transaction it opens carries the request's client (the
 * server's view of its IP, its User-Agent), so services write audit rows inside their own transaction
 * without every service signature growing request metadata. Passed explicitly (`c.get('db')`) rather
 * than through AsyncLocalStorage, whose promise hooks cost every request about a fifth of its server
 * CPU on Node 20 (bench/README.md). Outside a request (the scheduler) there is no client: both null.
 * A handle is an object whose prototype holds the scoped methods and the app's database: making one
 * costs a request one small object, not a copy of the database's members and a closure for each.
 */
export const withAuditClient = (handle: Database, client: AuditClient): Database => {
  const bound = Object.create(prototypeFor((handle as Bound)[BASE] ?? handle)) as Bound;
  bound[CLIENT] = client;
  return bound;
};

/** A transaction opened outside `asUser` and friends (the owner's, for account changes) takes `db`'s client. */
export const withClientOf = (db: Database, tx: Tx): Tx => {
  const client = (db as Bound)[CLIENT];
  if (client) txClients.set(tx, client);
  return tx;
};

/** Sets `c.get('db')`: the app's database bound to this request's client. */
export const auditClientContext = (db: Database) =>
  createMiddleware(async (c, next) => {
    const client = { ipAddress: c.get('clientIp') ?? null, userAgent: c.req.header('user-agent') ?? null };
    c.set('db', withAuditClient(db, client));
    await next();
  });

export const auditClientOf = (tx: Tx): AuditClient => txClients.get(tx) ?? NO_CLIENT;

/** The client a request's database handle carries (its IP, user agent and account). */
export const clientOfDb = (db: Database): AuditClient => (db as Bound)[CLIENT] ?? NO_CLIENT;

/** Dependencies with the request's database handle in place of the app's (`c.get('db')`). */
export const withRequestDb = <D extends { db: Database }>(deps: D, c: { get(key: 'db'): Database }): D => ({
  ...deps,
  db: c.get('db'),
});
