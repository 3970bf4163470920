import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  drizzle as drizzlePg,
  type NodePgQueryResultHKT,
  NodePgSession,
  NodePgTransaction,
} from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { acquireDataDirLock } from './data-dir-lock';
import { findCause } from './error-cause';
import { lazyTransactionClient } from './lazy-transaction';
import { createSettler, type SettledTable } from './maintenance';
import { namedQuery, readOnlyStatementsClient, type Statement, statementsAtOnce } from './pipelined-begin';
import * as schema from './schema';
import {
  checkedId,
  followTokenScope,
  READ_ONLY,
  SYSTEM_SCOPE,
  scopeStatement,
  shareScope,
  userScope,
  userScopeStatement,
} from './scopes';
import { offerExtras } from './transaction-extras';

export type Schema = typeof schema;
// Both drivers return `{ rows }` from execute(); typing them as node-postgres keeps raw queries typed.
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = new URL('../../drizzle', import.meta.url).pathname;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations and better-auth only. Never for health data. */
  owner: Db;
  /**
   * One statement on the owner connection, by name: on PostgreSQL parsed and planned once per
   * connection, then only bound (the session lookup every signed-in request may need). Auth data only.
   */
  ownerStatement<R>(statement: OwnerStatement): Promise<R[]>;
  /**
   * PostgreSQL only: `first` on the owner connection (a public door's budget in `auth`), then `then`
   * as the app role in the system scope, read-only (the door's lookup): one write, one Sync, one round
   * trip, one implicit transaction. Both are named statements; answers each one's rows.
   */
  ownerThenSystemRead?<A, B>(first: OwnerStatement, then: OwnerStatement): Promise<[A[], B[]]>;
  /**
   * Runs `fn` in a transaction as the app role, scoped by RLS to one user's rows. `accountId`: the
   * signed-in account when it acts for another person (a guardian, households): the transaction also
   * sets `app.account_id`, and the policies admit the person's rows only while that account is their
   * guardian (`app_person()`).
   */
  asUser<T>(userId: string, fn: (tx: Tx) => Promise<T>, accountId?: string): Promise<T>;
  /**
   * `asUser` for work that only reads (a write fails). On PostgreSQL each statement is its own
   * read-only transaction, opened, scoped and committed in the statement's one round trip.
   */
  readAsUser<T>(userId: string, fn: (tx: Tx) => Promise<T>, accountId?: string): Promise<T>;
  /** Runs `fn` as the app role in the system context (cross-user work: admin, scheduler, auth hooks). */
  asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** `asSystem` for work that only reads, one round trip a statement like `readAsUser` (a door's lookups). */
  readAsSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** After a bulk insert of `rows` into `table` (see maintenance.ts): vacuum it soon, without waiting. */
  settle(table: SettledTable, rows: number): void;
  /** Resolves once no vacuum started by `settle` is running. */
  settled(): Promise<void>;
  /**
   * Runs `fn` as the app role in a caregiver's share context: no user, no system, only `app.share_id`.
   * The share policies of the shareable tables then admit the owner's rows of the granted categories
   * (read-only, within the access level's history) while the share is neither revoked nor expired.
   */
  asShare<T>(shareId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` read-only as the app role with only `app.follow_token_id` set (a household follower
   * token, issue 32): the follower policies then admit the latest-reading data of the people the token
   * names, while its guardian still keeps them. Nothing else is visible and nothing can be written.
   */
  readAsFollowToken<T>(tokenId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OwnerStatement {
  /** Unique per statement text (PostgreSQL keeps it per connection under this name). */
  name: string;
  text: string;
  values: unknown[];
}

type DrizzleInternals = {
  dialect: PgDialect;
  session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: object };
};

/**
 * drizzle's transaction object on `session`, built without its relational query builders
 * (`tx.query.*`): drizzle's constructor builds one for every table, which on every request cost more
 * than a profile read's database work. They are built on first use, on the same session.
 */
const leanTransaction = <S>(session: S, build: (session: S, relational: boolean) => object): Tx => {
  const tx = build(session, false);
  let relational: { query?: unknown } | undefined;
  Object.defineProperty(tx, 'query', {
    get: () => {
      relational ??= build(session, true);
      return relational.query;
    },
  });
  return tx as Tx;
};

/** An owner statement as the pipeline sends it (its values as text, as PostgreSQL takes them). */
const asStatement = ({ name, text, values }: OwnerStatement) => ({
  name,
  text,
  values: values.map((v) => (v === null || v === undefined ? null : String(v))),
});

type Scoped = Pick<
  Database,
  'asUser' | 'readAsUser' | 'asSystem' | 'readAsSystem' | 'asShare' | 'readAsFollowToken'
>;

/**
 * PGlite: its own transaction (which also keeps other queries of the one connection out of it); a read
 * sets `transaction_read_only` with the scope, so it costs `begin`, the scope, its statements, `commit`.
 */
const scopedPglite = (db: Db, client: PGlite): Scoped => {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const { schema, options } = session;
  const run = <T>(scope: string, fn: (tx: Tx) => Promise<T>) =>
    client.transaction(async (ptx) => {
      const tx = leanTransaction(
        new PgliteSession(ptx, dialect, schema, options),
        (s, relational) => new PgliteTransaction(dialect, s, relational ? schema : undefined),
      );
      await tx.execute(sql.raw(scope));
      return fn(tx);
    });
  return {
    asUser: (userId, fn, accountId) => run(userScope(userId, accountId), fn),
    readAsUser: (userId, fn, accountId) => run(userScope(userId, accountId) + READ_ONLY, fn),
    asSystem: (fn) => run(SYSTEM_SCOPE, fn),
    readAsSystem: (fn) => run(SYSTEM_SCOPE + READ_ONLY, fn),
    asShare: (shareId, fn) => run(shareScope(shareId), fn),
    readAsFollowToken: (tokenId, fn) => run(followTokenScope(tokenId) + READ_ONLY, fn),
  };
};

/**
 * PostgreSQL: `begin` and the scope travel with `fn`'s first statement (one round trip instead of
 * drizzle's three), then `commit`: a one-statement request costs two round trips. The transaction
 * object is drizzle's own, built on the checked-out client the way drizzle's `transaction()` builds it.
 */
const scopedPostgres = (db: Db, pool: pg.Pool): Scoped => {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const { schema, options } = session;
  if (!dialect || !schema) throw new Error('drizzle internals changed: no dialect or schema on the database');
  const drizzleTx = (client: unknown) =>
    leanTransaction(
      new NodePgSession(client as pg.PoolClient, dialect, schema, options),
      (s, relational) => new NodePgTransaction(dialect, s, relational ? schema : undefined),
    );
  const run = async <T>(scope: Statement, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const lazy = lazyTransactionClient(client, scope);
    // A connection that failed mid-transaction, or could not roll back, is not given back to the pool.
    let broken: Error | undefined;
    try {
      const tx = drizzleTx(lazy);
      offerExtras(tx, {
        defer: lazy.defer,
        sendAhead: lazy.sendAhead,
        sendFirst: lazy.sendFirst,
        commitWithNext: lazy.commitWithNext,
        readAfterNext: (read) => {
          const query = dialect.sqlToQuery(read);
          return lazy.readAfterNext(query.sql, query.params);
        },
      });
      const result = await fn(tx);
      await lazy.commit();
      return result;
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err as Error;
      else if (lazy.begun())
        await client.query('rollback').catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
      throw lazy.failure() ?? err;
    } finally {
      client.release(broken);
    }
  };
  const read = async <T>(scope: Statement, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const reads = readOnlyStatementsClient(client, scope);
    let broken: Error | undefined;
    try {
      return await fn(drizzleTx(reads));
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  };
  return {
    asUser: (userId, fn, accountId) => run(userScopeStatement(userId, accountId), fn),
    readAsUser: (userId, fn, accountId) => read(userScopeStatement(userId, accountId, true), fn),
    asSystem: (fn) => run(scopeStatement('system', 'on'), fn),
    readAsSystem: (fn) => read(scopeStatement('system', 'on', true), fn),
    asShare: (shareId, fn) => run(scopeStatement('share_id', checkedId(shareId, 'asShare')), fn),
    readAsFollowToken: (tokenId, fn) =>
      read(scopeStatement('follow_token_id', checkedId(tokenId, 'readAsFollowToken'), true), fn),
  };
};

export interface PgliteOptions {
  /** Directory for the data; omitted = in memory. */
  dataDir?: string;
  /** A dump of a migrated database to start from (tests clone a template this way). */
  loadDataDir?: Blob;
  lock?: boolean;
  logger?: Logger;
}

const settleFailed = (logger: Logger | undefined) => (err: unknown) =>
  logger?.warn({ err: { message: (err as Error).message } }, 'vacuum after a bulk write failed');

export const openPglite = async (opts: PgliteOptions): Promise<Database & { client: PGlite }> => {
  let release: (() => void) | undefined;
  let dataDir: string | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    if (opts.lock !== false) release = acquireDataDirLock(opts.dataDir);
    dataDir = join(opts.dataDir, 'pglite');
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const settler = createSettler(db, settleFailed(opts.logger));
  return {
    kind: 'pglite',
    client,
    owner: db,
    ownerStatement: async <R>({ text, values }: OwnerStatement) => (await client.query<R>(text, values)).rows,
    ...scopedPglite(db, client),
    settle: settler.settle,
    settled: settler.idle,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await settler.idle();
      await client.close();
      release?.();
    },
  };
};

export const openPostgres = async (
  url: string,
  logger?: Logger,
  poolSize = 10,
): Promise<Database & { pool: pg.Pool }> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (err) => logger?.warn({ err: { message: err.message } }, 'postgres idle client error'));
  // The pool listens only to idle clients. A checked-out one (a request inside its transaction) whose
  // connection drops would emit an unhandled 'error' and kill the process; its query still rejects,
  // which the request answers as a 503.
  pool.on('connect', (client) =>
    client.on('error', (err) => logger?.warn({ err: { message: err.message } }, 'postgres connection lost')),
  );
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  const settler = createSettler(db, settleFailed(logger));
  return {
    kind: 'postgres',
    pool,
    owner: db,
    ownerStatement: async <R>(statement: OwnerStatement) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return (await namedQuery(client, statement)).rows as R[];
      } catch (err) {
        if (isDatabaseUnavailable(err)) broken = err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    },
    ownerThenSystemRead: async <A, B>(first: OwnerStatement, then: OwnerStatement) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const scope = scopeStatement('system', 'on', true);
        const [a, , b] = await statementsAtOnce(client, [asStatement(first), scope, asStatement(then)]);
        return [a as A[], b as B[]] as [A[], B[]];
      } catch (err) {
        if (isDatabaseUnavailable(err)) broken = err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    },
    ...scopedPostgres(db, pool),
    settle: settler.settle,
    settled: settler.idle,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await settler.idle();
      await pool.end();
    },
  };
};

export const openDatabase = (
  cfg: { databaseUrl?: string; dataDir: string; databasePoolSize?: number },
  logger?: Logger,
): Promise<Database> =>
  cfg.databaseUrl
    ? openPostgres(cfg.databaseUrl, logger, cfg.databasePoolSize)
    : openPglite({ dataDir: cfg.dataDir, logger });

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** True when an error (or its cause chain) says the database cannot be reached right now. */
export const isDatabaseUnavailable = (err: unknown): boolean =>
  findCause(
    err,
    (e) =>
      (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) ||
      (typeof e.message === 'string' &&
        /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(e.message)),
  ) !== undefined;
