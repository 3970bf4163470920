import {
  PgDatabase,
  PgDialect,
  type PgPreparedQuery,
  type PgQueryResultHKT,
  PgSession,
  type PreparedQueryConfig,
} from 'drizzle-orm/pg-core';
import type { Tx } from './database';

type PrepareArgs = Parameters<PgSession['prepareQuery']>;

/** A session that runs nothing: it keeps what a query's `prepare()` hands it (the SQL and the fields). */
class CapturingSession extends PgSession<PgQueryResultHKT> {
  captured?: PrepareArgs;
  override prepareQuery<T extends PreparedQueryConfig>(...args: PrepareArgs): PgPreparedQuery<T> {
    this.captured = args;
    // _prepare() sets the join map on what it gets back and calls setToken on it.
    return {
      setToken() {
        return this;
      },
    } as unknown as PgPreparedQuery<T>;
  }
  override transaction(): Promise<never> {
    throw new Error('a prebuilt select runs no transaction');
  }
}

const dialect = new PgDialect({ casing: 'snake_case' });

type Built = { args: PrepareArgs; joins: unknown };
let builtCount = 0;

/**
 * A select for every request (the profile read), built once. drizzle builds a select's SQL text and
 * field list on each call, which cost more of the app's time than the database's answer; here the
 * query is written with `sql.placeholder`s, built on first use, and each call only fills the
 * placeholders and runs it on the caller's transaction — the same statement, scope and RLS as any
 * other, mapped to rows by drizzle as usual. On PostgreSQL it is a named statement, parsed and planned
 * once per connection (RLS still applies: the policies are part of the plan, their settings are read
 * when it runs).
 */
export const prebuiltSelect = <Q extends { prepare(name: string): unknown; _: { result: unknown } }>(
  build: (db: PgDatabase<PgQueryResultHKT>) => Q,
) => {
  let built: Built | undefined;
  const buildOnce = (): Built => {
    const session = new CapturingSession(dialect);
    const prepared = build(new PgDatabase(dialect, session, undefined)).prepare('unused') as {
      joinsNotNullableMap?: unknown;
    };
    if (!session.captured) throw new Error('prebuiltSelect: the query was not prepared through its session');
    const [query, fields, , ...rest] = session.captured;
    // Named: PostgreSQL parses and plans it once per connection (see db/pipelined-begin.ts).
    return {
      args: [query, fields, `healthfolio_select_${++builtCount}`, ...rest],
      joins: prepared.joinsNotNullableMap,
    };
  };
  return (tx: Tx, values: Record<string, unknown>): Promise<Q['_']['result']> => {
    built ??= buildOnce();
    const query = tx._.session.prepareQuery(...built.args);
    (query as { joinsNotNullableMap?: unknown }).joinsNotNullableMap = built.joins;
    return query.execute(values) as Promise<Q['_']['result']>;
  };
};
