import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database, Tx } from '../../db/database';
import { insertAudit, recordAudit } from './audit.service';
import { verifyAuditChains } from './audit-verify';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

const pidOf = async (tx: Tx) =>
  (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;

/**
 * An audit row whose transaction stays open, holding its chain's head, until `release()`. Inserted
 * directly: `recordAudit` sends its row with the commit, so an app transaction holds the head only
 * for its commit's round trip.
 */
const holdOpen = async (userId: string) => {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let wrote!: (pid: number) => void;
  const written = new Promise<number>((r) => (wrote = r));
  const done = db.asUser(userId, async (tx) => {
    await insertAudit(tx, { userId, action: 'create', resourceType: 'entry', resourceId: 'held' });
    wrote(await pidOf(tx));
    await released;
  });
  return { pid: await written, release, done };
};

/** If a write did wait on another transaction's lock, it fails here instead of hanging the test. */
const failIfItWaits = (tx: Tx) => tx.execute(sql`select set_config('lock_timeout', '5s', true)`);

const rowsOf = async (userId: string) =>
  (
    await db.asSystem((tx) =>
      tx.execute<{ resource_id: string; chain_seq: string }>(
        sql`select resource_id, chain_seq from audit_logs where user_id = ${userId} order by seq`,
      ),
    )
  ).rows.map((r) => `${r.chain_seq} ${r.resource_id}`);

describe('audit chains on PostgreSQL', () => {
  it('lets another user’s audited write commit while one user’s transaction holds its chain', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const held = await holdOpen(alice);
    try {
      await db.asUser(bob, async (tx) => {
        await failIfItWaits(tx);
        await recordAudit(tx, bob, 'create', 'entry', 'meanwhile');
      });
      // A row without a user (a failed sign-in) does not queue behind Alice either.
      await db.asSystem(async (tx) => {
        await failIfItWaits(tx);
        await tx.execute(
          sql`insert into audit_logs (action, resource_type) values ('sign_in_failed', 'user')`,
        );
      });
      expect(await rowsOf(bob)).toEqual(['1 meanwhile']);
    } finally {
      held.release();
      await held.done;
    }
    expect(await rowsOf(alice)).toEqual(['1 held']);
  });

  it('makes the same user’s second write wait for the first to commit, so the chain stays in order', async () => {
    const alice = randomUUID();
    const first = await holdOpen(alice);
    let secondPid!: (pid: number) => void;
    const secondStarted = new Promise<number>((r) => (secondPid = r));
    let secondDone = false;
    const second = db
      .asUser(alice, async (tx) => {
        secondPid(await pidOf(tx));
        await recordAudit(tx, alice, 'update', 'entry', 'second');
      })
      .then(() => {
        secondDone = true;
      });
    const pid = await secondStarted;
    // Until PostgreSQL reports the second transaction blocked by the first one.
    for (;;) {
      const { rows } = await db.owner.execute<{ blockers: number[] }>(
        sql`select pg_blocking_pids(${pid}) as blockers`,
      );
      if (rows[0]!.blockers.includes(first.pid)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(secondDone).toBe(false);
    first.release();
    await first.done;
    await second;
    expect(await rowsOf(alice)).toEqual(['1 held', '2 second']);
    const report = await verifyAuditChains(db);
    expect(report.broken).toEqual([]);
    expect(report.chains.find((c) => c.chain === `user:${alice}`)).toMatchObject({ rows: 2, headSeq: 2 });
  });
});
