import pg from 'pg';

type Connection = {
  parse(m: { text: string }): void;
  bind(m: object): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: object): void;
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

/**
 * A query that carries the transaction's opening with it: `begin` and the scope statement go on the
 * wire ahead of the query itself, in the same write and before its Sync, so the three cost one round
 * trip. (`begin` inside a pipeline opens a real transaction block that outlives the Sync.) The server
 * answers each in turn; the result of the query is the last one.
 */
class PipelinedQuery extends QueryBase {
  constructor(
    private readonly prefix: string[],
    config: pg.QueryConfig,
    values: unknown[] | undefined,
    callback: Callback,
  ) {
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig, values, callback);
  }

  override submit(connection: Connection) {
    connection.stream.cork?.();
    try {
      for (const text of this.prefix) {
        connection.parse({ text });
        connection.bind({});
        // Described so its rows arrive as a result set of their own, not mixed into the query's.
        connection.describe({ type: 'P', name: '' });
        connection.execute({});
      }
      return super.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }
}

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
    const cfg = typeof config === 'string' ? { text: config } : config;
    return new Promise<PgResult>((resolve, reject) => {
      client.query(
        new PipelinedQuery(['begin', scope], cfg, values, (err, results) => {
          if (err) reject(err);
          else resolve(Array.isArray(results) ? results[results.length - 1]! : results);
        }) as unknown as pg.Submittable,
      );
    });
  };
  return { query, begun: () => begun };
};
