import type pg from 'pg';
import {
  asText,
  failedStatement,
  type NamedStatement,
  namedQuery,
  namedRead,
  namedWrite,
  nameOf,
  type PgResult,
  pipelined,
  pipelinedAll,
  rowsOf,
  type Statement,
} from './pipelined-begin';

/** A statement held until the commit (see `lazyTransactionClient`), and what its failure means. */
export interface Deferred {
  config: pg.QueryConfig;
  onError: (err: unknown) => Error;
}

/** A deferred statement as a pipeline sends it (named, its values as text). */
const deferredStatement = (client: pg.PoolClient, d: Deferred): NamedStatement => ({
  name: nameOf(client, d.config.text),
  text: d.config.text,
  values: (d.config.values ?? []).map(asText),
});

/**
 * A stand-in for a checked-out client inside a transaction: the first query opens the transaction
 * (`begin` plus `scope`, pipelined with it); later ones go through unchanged. `begun` says whether a
 * commit or rollback is owed.
 */
export const lazyTransactionClient = (client: pg.PoolClient, scope: Statement) => {
  let begun = false;
  /** The next query carries the deferred statement and `commit` (`commitWithNext`); then it has ended. */
  let endWithNext = false;
  let ended = false;
  let endFailure: Error | undefined;
  let deferred: Deferred | undefined;
  // Statements whose result nobody reads (a lock), held to go in front of the next query.
  let ahead: Statement[] = [];
  // Statements to go before `begin`, as the connecting role (`sendFirst`).
  let first: Statement[] = [];
  /** What goes ahead of the next statement: the opening if owed, the held statements. */
  const opening = () => {
    const statements: Statement[] = begun ? ahead : [...first, 'begin', scope, ...ahead];
    begun = true;
    ahead = [];
    first = [];
    return statements;
  };
  const queryAlone = (config: string | pg.QueryConfig, values?: unknown[]) => {
    if (begun && !ahead.length) return namedQuery(client, namedWrite(client, config), values);
    return pipelined(client, opening(), [], namedRead(client, config), values);
  };
  const run = async (d: Deferred, suffix: Statement[]) => {
    try {
      await pipelined(client, opening(), suffix, namedWrite(client, d.config), d.config.values);
    } catch (err) {
      throw d.onError(err);
    }
  };
  /** Holds `statement` (its result unread) to go in the same write as the next query, ahead of it. */
  const sendAhead = (statement: NamedStatement) => {
    ahead.push(statement);
  };
  /**
   * Holds `statement` (its result unread) to go before `begin`, in the same write: it runs as the
   * connecting role, in the transaction `begin` then opens. False once the transaction has begun.
   */
  const sendFirst = (statement: NamedStatement) => {
    if (begun) return false;
    first.push(statement);
    return true;
  };
  // A statement to go right after the next query, in its write, and who waits for its rows.
  let after: {
    statement: NamedStatement;
    settle: (err: unknown, rows?: Record<string, unknown>[]) => void;
  }[] = [];
  /**
   * The query with what goes after it in the same write, before its one Sync: the reads queued for it
   * (`readAfterNext`), and when the transaction ends with it (`commitWithNext`) the deferred statement
   * and `commit`, the whole transaction in one round trip. A failure fails the query and the reads
   * (the deferred statement's own as its `onError` says, through `failure`, since the ORM wraps what
   * the query throws) and leaves the transaction to be rolled back; an ending that succeeds ends it.
   */
  const queryWithFollowers = async (
    config: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<PgResult> => {
    const ending = endWithNext;
    endWithNext = false;
    const followers = after;
    after = [];
    const d = ending ? deferred : undefined;
    if (ending) deferred = undefined;
    const prefix = opening();
    const suffix: Statement[] = [
      ...followers.map((f) => f.statement),
      ...(d ? [deferredStatement(client, d)] : []),
      ...(ending ? ['commit'] : []),
    ];
    try {
      const results = await pipelinedAll(client, prefix, suffix, namedRead(client, config), values);
      if (ending) ended = true;
      const tail = results.slice(results.length - suffix.length);
      for (const [i, f] of followers.entries()) f.settle(undefined, rowsOf(tail[i]!));
      return results[results.length - 1 - suffix.length]!;
    } catch (err) {
      for (const f of followers) f.settle(err);
      // The statements in order: the prefix, the query, its followers, then the deferred one.
      if (d && failedStatement(err) === prefix.length + 1 + followers.length) endFailure = d.onError(err);
      throw err;
    }
  };
  const query = (config: string | pg.QueryConfig, values?: unknown[]) => {
    if (ended) return Promise.reject(new Error('this transaction has ended: a statement after its commit'));
    if (!after.length && !endWithNext) return queryAlone(config, values);
    return queryWithFollowers(config, values);
  };
  /** The next query ends the transaction: see `queryWithFollowers`. */
  const commitWithNext = () => {
    endWithNext = true;
  };
  /**
   * Sends `text` (with `values`) right after the next query, in the same write and before its Sync:
   * one round trip for both. Answers its rows (as objects); fails as that query fails.
   */
  const readAfterNext = (text: string, values: unknown[]) =>
    new Promise<Record<string, unknown>[]>((resolve, reject) => {
      after.push({
        statement: { name: nameOf(client, text), text, values: values.map(asText) },
        settle: (err, rows) => (err ? reject(err) : resolve(rows!)),
      });
    });
  /**
   * Holds a statement whose result nobody reads (the audit row) until the commit, and sends it in the
   * same write as `commit` (and, alone in its transaction, with `begin` too): one round trip less. A
   * second one sends the first at once. Its failure fails the commit, as `onError` says.
   */
  const defer = async (d: Deferred) => {
    const earlier = deferred;
    deferred = d;
    if (earlier) await run(earlier, []);
  };
  /** Ends the transaction: the deferred statement with the commit, or the commit alone when owed. */
  const commit = async () => {
    for (const f of after.splice(0)) f.settle(new Error('no statement went before this read'));
    if (ended) return;
    endWithNext = false;
    const d = deferred;
    deferred = undefined;
    if (d) await run(d, ['commit']);
    else if (ahead.length) await pipelined(client, opening(), [], 'commit');
    else if (begun) await client.query('commit');
  };
  return {
    query,
    begun: () => begun && !ended,
    defer,
    sendAhead,
    sendFirst,
    readAfterNext,
    commitWithNext,
    commit,
    /** Why the transaction failed when the statement deferred to its end did (`Deferred.onError`). */
    failure: () => endFailure,
  };
};
