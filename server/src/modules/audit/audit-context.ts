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
const dbClients = new WeakMap<Database, AuditClient>();
/** The app's own database behind a request's handle (a handle is rebound once the account is known). */
const bases = new WeakMap<Database, Database>();

/**
 * The database as one request sees it: every transaction it opens carries the request's client (the
 * server's view of its IP, its User-Agent), so services write audit rows inside their own transaction
 * without every service signature growing request metadata. Passed explicitly (`c.get('db')`) rather
 * than through AsyncLocalStorage, whose promise hooks cost every request about a fifth of its server
 * CPU on Node 20 (bench/README.md). Outside a request (the scheduler) there is no client: both null.
 */
export const withAuditClient = (handle: Database, client: AuditClient): Database => {
  const db = bases.get(handle) ?? handle;
  const accountFor = (userId: string) =>
    client.accountId && userId === client.personId ? client.accountId : undefined;
  const bind =
    <T>(fn: (tx: Tx) => Promise<T>) =>
    (tx: Tx) => {
      txClients.set(tx, client);
      return fn(tx);
    };
  // The rest of the app's database is inherited, not copied: a request makes one or two handles, and
  // copying every member of the database object showed in a write's profile.
  const overrides: Pick<Database, 'asUser' | 'readAsUser' | 'asSystem' | 'asShare'> = {
    asUser: (userId, fn, accountId) => db.asUser(userId, bind(fn), accountId ?? accountFor(userId)),
    readAsUser: (userId, fn, accountId) => db.readAsUser(userId, bind(fn), accountId ?? accountFor(userId)),
    asSystem: (fn) => db.asSystem(bind(fn)),
    asShare: (shareId, fn) => db.asShare(shareId, bind(fn)),
  };
  const bound: Database = Object.assign(Object.create(db) as Database, overrides);
  dbClients.set(bound, client);
  bases.set(bound, db);
  return bound;
};

/** A transaction opened outside `asUser` and friends (the owner's, for account changes) takes `db`'s client. */
export const withClientOf = (db: Database, tx: Tx): Tx => {
  const client = dbClients.get(db);
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
export const clientOfDb = (db: Database): AuditClient => dbClients.get(db) ?? NO_CLIENT;

/** Dependencies with the request's database handle in place of the app's (`c.get('db')`). */
export const withRequestDb = <D extends { db: Database }>(deps: D, c: { get(key: 'db'): Database }): D => ({
  ...deps,
  db: c.get('db'),
});
