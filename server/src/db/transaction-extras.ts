import type { SQL } from 'drizzle-orm';
import type { Tx } from './database';
import type { Deferred } from './lazy-transaction';
import type { NamedStatement } from './pipelined-begin';

/**
 * What a PostgreSQL transaction of `asUser`/`asSystem`/`asShare` offers beyond drizzle's own, to save
 * round trips (its `lazyTransactionClient`). PGlite and the owner's transactions offer none: each
 * helper below then answers false, or does the plain thing.
 */
export interface TransactionExtras {
  defer: (d: Deferred) => Promise<void>;
  sendAhead: (statement: NamedStatement) => void;
  sendFirst: (statement: NamedStatement) => boolean;
  commitWithNext: () => void;
  readAfterNext: (read: SQL) => Promise<Record<string, unknown>[]>;
}

const extras = new WeakMap<Tx, TransactionExtras>();

/** Called once by the database for each transaction that offers them. */
export const offerExtras = (tx: Tx, offered: TransactionExtras) => {
  extras.set(tx, offered);
};

/**
 * Sends `statement` with the transaction's commit when `tx` can: its failure then fails the commit as
 * `onError` says, and the change is rolled back. Answers false where it cannot: run it yourself.
 */
export const deferToCommit = async (
  tx: Tx,
  statement: { sql: string; params: unknown[] },
  onError: Deferred['onError'],
) => {
  const defer = extras.get(tx)?.defer;
  if (!defer) return false;
  await defer({ config: { text: statement.sql, values: statement.params }, onError });
  return true;
};

/**
 * Sends `statement` (whose result nobody reads: a lock) in the same write as the transaction's next
 * statement, ahead of it, when `tx` can: no round trip of its own. Its failure fails that next
 * statement. Answers false where it cannot: run it yourself.
 */
export const sendWithNext = (tx: Tx, statement: NamedStatement) => {
  const send = extras.get(tx)?.sendAhead;
  if (!send) return false;
  send(statement);
  return true;
};

/**
 * Sends `statement` (whose result nobody reads) before the transaction's `begin`, in the same write
 * as its first statement, as the connecting role: a public door's budget in `auth`, which the app
 * role cannot reach, counted in the transaction the request then runs. Its failure fails that first
 * statement, and nothing after it runs. Answers false where it cannot (PGlite, or the transaction has
 * already begun).
 */
export const sendBeforeBegin = (tx: Tx, statement: NamedStatement) =>
  extras.get(tx)?.sendFirst(statement) ?? false;

/**
 * Makes `tx`'s next statement its last: it goes with the reads queued after it (`withReadAfter`), the
 * statement deferred to the commit (`deferToCommit`) and `commit`, in one round trip, and the
 * transaction ends there (a later statement on `tx` fails). Answers false where it cannot: the
 * transaction then commits as usual, when its function returns.
 */
export const commitWithNext = (tx: Tx) => {
  const end = extras.get(tx)?.commitWithNext;
  if (!end) return false;
  end();
  return true;
};

/**
 * Runs `next` (which sends one statement on `tx` first) and the read `read` right after that
 * statement: where `tx` can, in the same write, before its Sync (one round trip for both), elsewhere
 * one after the other. Answers `next`'s result and the read's rows; `read` fails when `next` does.
 */
export const withReadAfter = async <T, R>(tx: Tx, read: SQL, next: () => Promise<T>): Promise<[T, R[]]> => {
  const readAfter = extras.get(tx)?.readAfterNext;
  if (!readAfter) {
    const result = await next();
    return [result, (await tx.execute(read)).rows as R[]];
  }
  const rows = readAfter(read);
  rows.catch(() => {}); // awaited below unless `next` failed first
  const result = await next();
  return [result, (await rows) as R[]];
};
