import pg from 'pg';

type Connection = {
  parse(m: { text: string }): void;
  bind(m: object): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: object): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
};
type PgResult = pg.QueryResult & { command: string | null };
type Callback = (err: Error | undefined, results: PgResult | PgResult[]) => void;
// pg's Query, typed by what this file uses of it (its published types make `submit` a property).
const QueryBase = pg.Query as unknown as new (
  config: pg.QueryConfig,
  values: unknown[] | undefined,
  callback: Callback,
) => { submit(connection: Connection): Error | null };

const sendStatements = (connection: Connection, statements: readonly string[]) => {
  for (const text of statements) {
    connection.parse({ text });
    connection.bind({});
    // Described so its rows arrive as a result set of their own, not mixed into the query's.
    connection.describe({ type: 'P', name: '' });
    connection.execute({});
  }
};

/**
 * A query that carries the transaction's opening with it (and, for a one-statement transaction, its
 * end): `begin` and the scope statement go on the wire ahead of the query itself, `commit` after it,
 * all in the same write and before its one Sync, so they cost one round trip. (`begin` inside a
 * pipeline opens a real transaction block that outlives the Sync; after an error the server skips
 * the rest up to the Sync, so a failed query is never followed by a commit.) The server answers each
 * in turn; the query's result is the one before the suffix's.
 */
class PipelinedQuery extends QueryBase {
  constructor(
    private readonly prefix: readonly string[],
    private readonly suffix: readonly string[],
    config: pg.QueryConfig,
    values: unknown[] | undefined,
    callback: Callback,
  ) {
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig, values, callback);
  }

  override submit(connection: Connection) {
    connection.stream.cork?.();
    const sync = connection.sync;
    try {
      sendStatements(connection, this.prefix);
      // pg's Query sends its Sync right after its Execute: the suffix goes in between.
      if (this.suffix.length > 0)
        connection.sync = () => {
          connection.sync = sync;
          sendStatements(connection, this.suffix);
          sync.call(connection);
        };
      return super.submit(connection);
    } finally {
      connection.sync = sync;
      connection.stream.uncork?.();
    }
  }
}

const pipelined = (
  client: pg.PoolClient,
  prefix: readonly string[],
  suffix: readonly string[],
  config: string | pg.QueryConfig,
  values?: unknown[],
) => {
  const cfg = typeof config === 'string' ? { text: config } : config;
  return new Promise<PgResult>((resolve, reject) => {
    client.query(
      new PipelinedQuery(prefix, suffix, cfg, values, (err, results) => {
        if (err) reject(err);
        else if (!Array.isArray(results)) resolve(results);
        else resolve(results[results.length - 1 - suffix.length]!);
      }) as unknown as pg.Submittable,
    );
  });
};

/**
 * A stand-in for a checked-out client inside a transaction: the first query opens the transaction
 * (`begin` plus `scope`, pipelined with it); later ones go through unchanged. `begun` says whether a
 * commit or rollback is owed.
 */
export const lazyTransactionClient = (client: pg.PoolClient, scope: string) => {
  let begun = false;
  const query = (config: string | pg.QueryConfig, values?: unknown[]) => {
    if (begun) return client.query(config as pg.QueryConfig, values);
    begun = true;
    return pipelined(client, ['begin', scope], [], config, values);
  };
  return { query, begun: () => begun };
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
export const readOnlyStatementsClient = (client: pg.PoolClient, scope: string) => {
  const readOnlyScope = `${scope}, set_config('transaction_read_only', 'on', true)`;
  const query = (config: string | pg.QueryConfig, values?: unknown[]) =>
    pipelined(client, [readOnlyScope], [], config, values);
  return { query };
};
