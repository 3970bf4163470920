import { createHash } from 'node:crypto';
import pg from 'pg';

type Connection = {
  parse(m: { text: string; name?: string }): void;
  bind(m: object): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: object): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
};
export type PgResult = pg.QueryResult & { command: string | null };
type Callback = (err: Error | undefined, results: PgResult | PgResult[]) => void;
// pg's Query, typed by what this file uses of it (its published types make `submit` a property).
const QueryBase = pg.Query as unknown as new (
  config: pg.QueryConfig,
  values: unknown[] | undefined,
  callback: Callback,
) => { submit(connection: Connection): Error | null };

/**
 * A statement sent ahead of a query. `name`d ones are parsed once per connection and then only bound
 * (PostgreSQL keeps the parsed and planned statement): the scope statement runs before every query.
 */
export type Statement = string | NamedStatement;
/** Unnamed (`name` undefined) it is parsed every time, like text. */
export type NamedStatement = { name: string | undefined; text: string; values: (string | null)[] };

/**
 * Per connection: the named statements it has parsed, or `false` once a pipeline that parsed one
 * failed (whether the statement exists is then unknown, so that connection sends text from then on).
 */
const parsedOn = new WeakMap<object, Set<string> | false>();

/** pg's connection object behind a client (the key of `parsedOn`). */
const connectionOf = (client: pg.PoolClient) => (client as unknown as { connection: object }).connection;

type PgConnectionState = {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
};
const pgKnows = (connection: object, name: string) => {
  const c = connection as PgConnectionState;
  return c.parsedStatements[name] !== undefined || c.submittedNamedStatements[name] !== undefined;
};

const sendStatements = (connection: Connection, statements: readonly Statement[], parsing: string[]) => {
  for (const statement of statements) {
    const parsed = typeof statement === 'string' ? undefined : parsedOn.get(connection);
    if (typeof statement === 'string' || parsed === false || !statement.name) {
      const text = typeof statement === 'string' ? statement : statement.text;
      connection.parse({ text });
      connection.bind(typeof statement === 'string' ? {} : { values: statement.values });
    } else {
      if (!parsed?.has(statement.name) && !pgKnows(connection, statement.name)) {
        connection.parse({ name: statement.name, text: statement.text });
        parsing.push(statement.name);
        // pg's own record too, so a later query by this name through pg only binds it (a pipeline
        // that fails here stops this connection using names at all: settleParsed).
        (connection as unknown as PgConnectionState).parsedStatements[statement.name] = statement.text;
      }
      connection.bind({ statement: statement.name, values: statement.values });
    }
    // Described so its rows arrive as a result set of their own, not mixed into the query's.
    connection.describe({ type: 'P', name: '' });
    connection.execute({});
  }
};

/** A query config without its statement name when `client`'s connection no longer uses names. */
export const namedIfSafe = (client: pg.PoolClient, config: string | pg.QueryConfig) => {
  const connection = connectionOf(client);
  return typeof config !== 'string' && config.name && parsedOn.get(connection) === false
    ? { ...config, name: undefined }
    : config;
};

// A named statement the server no longer has, or whose cached plan no longer fits its table.
const STATEMENT_TROUBLE = new Set(['26000', '0A000']);

/**
 * After a pipeline: the named statements it parsed are known on its connection. If it failed while
 * parsing one, whether that statement exists is unknown; if the server says a statement is missing or
 * its plan went stale (a migration), the names are unsafe: either way the connection sends text from
 * then on.
 */
const settleParsed = (connection: object, names: string[], err: (Error & { code?: string }) | undefined) => {
  const parsed = parsedOn.get(connection);
  if (parsed === false) return;
  if (err) {
    if (names.length > 0 || STATEMENT_TROUBLE.has(err.code ?? '')) parsedOn.set(connection, false);
    return;
  }
  if (names.length === 0) return;
  const set = parsed ?? new Set<string>();
  for (const name of names) set.add(name);
  parsedOn.set(connection, set);
};

/** Named statements a connection keeps at most (each holds its plan in the server's memory). */
const NAMED_PER_CONNECTION = 200;
const names = new Map<string, string>();

/** The name a statement's text goes by, or undefined once the connection may not name more. */
export const nameOf = (client: pg.PoolClient, text: string) => {
  const parsed = parsedOn.get(connectionOf(client));
  if (parsed === false || (parsed && parsed.size >= NAMED_PER_CONNECTION)) return undefined;
  let name = names.get(text);
  if (!name) {
    name = `healthfolio_read_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size >= 10_000) names.clear();
    names.set(text, name);
  }
  return name;
};

/**
 * A read's statement under a name derived from its text, so PostgreSQL plans it once per connection:
 * with row-level security the plan (the policies' subqueries included) costs more than running it.
 * Unnamed once the connection holds NAMED_PER_CONNECTION of them.
 */
export const namedRead = (
  client: pg.PoolClient,
  config: string | pg.QueryConfig,
): string | pg.QueryConfig => {
  if (typeof config === 'string' || config.name) return config;
  const name = nameOf(client, config.text);
  return name ? { ...config, name } : config;
};

/** A statement's parameter as text, as the extended protocol carries it. */
export const asText = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** A statement's rows as objects, whatever row mode the query it travelled with used. */
export const rowsOf = (r: PgResult) =>
  r.rows.map((row) =>
    Array.isArray(row) ? Object.fromEntries(r.fields.map((f, i) => [f.name, row[i]])) : row,
  ) as Record<string, unknown>[];

/**
 * A query that carries the transaction's opening with it (and, for a one-statement transaction, its
 * end): `begin` and the scope statement go on the wire ahead of the query itself, `commit` after it,
 * all in the same write and before its one Sync, so they cost one round trip. (`begin` inside a
 * pipeline opens a real transaction block that outlives the Sync; after an error the server skips
 * the rest up to the Sync, so a failed query is never followed by a commit.) The server answers each
 * in turn; the query's result is the one before the suffix's.
 */
class PipelinedQuery extends QueryBase {
  /** The named statements this query parses (first use on its connection). */
  readonly parsing: string[] = [];
  connection?: Connection;

  constructor(
    private readonly prefix: readonly Statement[],
    private readonly suffix: readonly Statement[],
    config: pg.QueryConfig,
    values: unknown[] | undefined,
    callback: Callback,
  ) {
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig, values, callback);
  }

  override submit(connection: Connection) {
    this.connection = connection;
    // A named query (a prebuilt select) is parsed by pg on its first use on a connection; pg's own
    // bookkeeping would take the scope's ParseComplete for the query's, so a failure then drops names
    // on this connection (settleParsed).
    const self = this as unknown as { name?: string };
    if (self.name) {
      if (parsedOn.get(connection) === false) self.name = undefined;
      else if (!pgKnows(connection, self.name)) this.parsing.push(self.name);
    }
    connection.stream.cork?.();
    const sync = connection.sync;
    try {
      sendStatements(connection, this.prefix, this.parsing);
      // pg's Query sends its Sync right after its Execute: the suffix goes in between.
      if (this.suffix.length > 0)
        connection.sync = () => {
          connection.sync = sync;
          sendStatements(connection, this.suffix, this.parsing);
          sync.call(connection);
        };
      return super.submit(connection);
    } finally {
      connection.sync = sync;
      connection.stream.uncork?.();
    }
  }
}

/** For a failed pipeline's error: how many of its statements had completed (the failed one's index). */
const completedBefore = new WeakMap<Error, number>();

/** Which statement of its pipeline (counting from 0, in the order sent) `err` failed, where known. */
export const failedStatement = (err: unknown) =>
  typeof err === 'object' && err !== null ? completedBefore.get(err as Error) : undefined;

/** Statements that completed in a query that failed (pg keeps one result per statement begun). */
const completedIn = (query: unknown) => {
  const { _results: results } = query as { _results?: PgResult | PgResult[] };
  const list = Array.isArray(results) ? results : results ? [results] : [];
  return list.filter((r) => r.command).length;
};

/** Every statement's result, in the order sent (a statement answering no rows has one too). */
export const pipelinedAll = (
  client: pg.PoolClient,
  prefix: readonly Statement[],
  suffix: readonly Statement[],
  config: string | pg.QueryConfig,
  values?: unknown[],
) => {
  const cfg = typeof config === 'string' ? { text: config } : config;
  return new Promise<PgResult[]>((resolve, reject) => {
    const query: PipelinedQuery = new PipelinedQuery(prefix, suffix, cfg, values, (err, results) => {
      if (query.connection) settleParsed(query.connection, query.parsing, err ?? undefined);
      if (err) {
        if (typeof err === 'object') completedBefore.set(err, completedIn(query));
        reject(err);
      } else resolve(Array.isArray(results) ? results : [results]);
    });
    client.query(query as unknown as pg.Submittable);
  });
};

export const pipelined = async (
  client: pg.PoolClient,
  prefix: readonly Statement[],
  suffix: readonly Statement[],
  config: string | pg.QueryConfig,
  values?: unknown[],
) => {
  const results = await pipelinedAll(client, prefix, suffix, config, values);
  return results[results.length - 1 - suffix.length]!;
};

/**
 * Statements in one write with one Sync, each result answered in order: the server runs them as one
 * implicit transaction, committed at the Sync (one round trip), and after an error skips the rest
 * and rolls it back. Settings made with `set_config(…, true)` (a scope, a role) end at the Sync too.
 */
export const statementsAtOnce = async (client: pg.PoolClient, statements: readonly NamedStatement[]) => {
  const last = statements[statements.length - 1]!;
  const results = await pipelinedAll(
    client,
    statements.slice(0, -1),
    [],
    namedIfSafe(client, last),
    last.values,
  );
  return results.map((r) => r.rows);
};

/**
 * A query on its own (nothing pipelined ahead of it), by its statement name where the connection still
 * uses names (pg parses a named statement once per connection and then only binds it).
 */
export const namedQuery = (client: pg.PoolClient, config: string | pg.QueryConfig, values?: unknown[]) =>
  client.query(namedIfSafe(client, config) as pg.QueryConfig, values).catch((err: Error) => {
    // A named statement pg thinks is parsed, but the server lost or can no longer run as planned.
    if (STATEMENT_TROUBLE.has((err as { code?: string }).code ?? ''))
      parsedOn.set(connectionOf(client), false);
    throw err;
  });

/**
 * A statement of a write transaction after its first, named like a read (see `namedRead`): the
 * policies of the tables an entry write reads cost PostgreSQL more to plan than to run. pg parses it
 * outside a pipeline, so its names are counted from pg's own record of the connection.
 */
export const namedWrite = (
  client: pg.PoolClient,
  config: string | pg.QueryConfig,
): string | pg.QueryConfig => {
  const connection = connectionOf(client) as unknown as PgConnectionState;
  if (Object.keys(connection.parsedStatements).length >= NAMED_PER_CONNECTION * 2) return config;
  return namedRead(client, config);
};

/**
 * A stand-in for a client doing read-only work: every query is a read-only transaction of its own —
 * the scope (role, user, `transaction_read_only`) and the query in one write with one Sync, which the
 * server runs as one implicit transaction and ends at the Sync: one round trip, and two statements
 * instead of `begin read only`, scope, query, `commit`. Under READ COMMITTED each statement of a
 * transaction takes its own snapshot anyway, so a sequence of reads sees what it would see inside one
 * transaction; a write fails ("cannot execute … in a read-only transaction"). After an error the
 * server skips the rest up to the Sync and rolls the implicit transaction back: nothing is owed.
 */
export const readOnlyStatementsClient = (client: pg.PoolClient, readOnlyScope: Statement) => {
  const query = (config: string | pg.QueryConfig, values?: unknown[]) =>
    pipelined(client, [readOnlyScope], [], namedRead(client, config), values);
  return { query };
};
