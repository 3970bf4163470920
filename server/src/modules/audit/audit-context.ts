import { createMiddleware } from 'hono/factory';
import type { Database, Tx } from '../../db/database';

export interface AuditClient {
  ipAddress: string | null;
  userAgent: string | null;
}

const NO_CLIENT: AuditClient = { ipAddress: null, userAgent: null };

/** The client of each transaction opened through a request's database handle. */
const txClients = new WeakMap<object, AuditClient>();
const dbClients = new WeakMap<Database, AuditClient>();

/**
 * The database as one request sees it: every transaction it opens carries the request's client (the
 * server's view of its IP, its User-Agent), so services write audit rows inside their own transaction
 * without every service signature growing request metadata. Passed explicitly (`c.var.db`) rather
 * than through AsyncLocalStorage, whose promise hooks cost every request about a fifth of its server
 * CPU on Node 20 (bench/README.md). Outside a request (the scheduler) there is no client: both null.
 */
export const withAuditClient = (db: Database, client: AuditClient): Database => {
  const bind =
    <T>(fn: (tx: Tx) => Promise<T>) =>
    (tx: Tx) => {
      txClients.set(tx, client);
      return fn(tx);
    };
  const bound: Database = {
    ...db,
    asUser: (userId, fn) => db.asUser(userId, bind(fn)),
    readAsUser: (userId, fn) => db.readAsUser(userId, bind(fn)),
    asSystem: (fn) => db.asSystem(bind(fn)),
    asShare: (shareId, fn) => db.asShare(shareId, bind(fn)),
  };
  dbClients.set(bound, client);
  return bound;
};

/** A transaction opened outside `asUser` and friends (the owner's, for account changes) takes `db`'s client. */
export const withClientOf = (db: Database, tx: Tx): Tx => {
  const client = dbClients.get(db);
  if (client) txClients.set(tx, client);
  return tx;
};

/** Sets `c.var.db`: the app's database bound to this request's client. */
export const auditClientContext = (db: Database) =>
  createMiddleware(async (c, next) => {
    const client = { ipAddress: c.get('clientIp') ?? null, userAgent: c.req.header('user-agent') ?? null };
    c.set('db', withAuditClient(db, client));
    await next();
  });

export const auditClientOf = (tx: Tx): AuditClient => txClients.get(tx) ?? NO_CLIENT;

/** Dependencies with the request's database handle in place of the app's (`c.var.db`). */
export const withRequestDb = <D extends { db: Database }>(deps: D, c: { var: { db: Database } }): D => ({
  ...deps,
  db: c.var.db,
});
