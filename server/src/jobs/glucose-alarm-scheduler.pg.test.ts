import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../test/harness';
import { auditedWriteWithoutWaiting, holdAuditChain } from '../../test/held-chain';
import { createGlucoseAlarmScheduler } from './glucose-alarm-scheduler';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const MIN = 60_000;

/** A phone's reading `agoMinutes` old, as an uploading app leaves it. */
const deviceReading = (userId: string, agoMinutes: number) =>
  server.deps.db.asSystem((tx) =>
    tx.execute(sql`insert into glucose_readings (user_id, value_mgdl, recorded_at, source)
      values (${userId}, 120, ${new Date(Date.now() - agoMinutes * MIN).toISOString()}::timestamptz,
              'device:nightscout:xDrip')`),
  );

const openStale = async (userId: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from glucose_alarms
        where user_id = ${userId} and kind = 'stale' and ended_at is null`),
    )
  ).rows[0]!.n;

describe('the glucose alarm scheduler on PostgreSQL', () => {
  it('raises each silent person’s “no recent readings” in their own transaction: others’ writes never wait for the run', async () => {
    const ann = await signUpAndSignIn(server, 'stale-run-ann@example.com');
    const ben = await signUpAndSignIn(server, 'stale-run-ben@example.com');
    // Ben has been silent longer, so the run takes him first, then waits on Ann's open write.
    await deviceReading(ben.userId, 50);
    await deviceReading(ann.userId, 40);
    const annWriting = await holdAuditChain(server.deps.db, ann.userId);
    let run: Promise<unknown> | undefined;
    try {
      run = createGlucoseAlarmScheduler(server.deps).runOnce(new Date());
      // Ben's alarm is committed while the run still waits for Ann…
      await expect.poll(() => openStale(ben.userId), { timeout: 5_000 }).toBe(1);
      expect(await openStale(ann.userId)).toBe(0);
      // …and Ben's own next write goes through without waiting for it.
      await auditedWriteWithoutWaiting(server.deps.db, ben.userId);
    } finally {
      annWriting.release();
      await annWriting.done;
    }
    expect(await run).toEqual([
      { userId: ben.userId, step: 'raised', kind: 'stale' },
      { userId: ann.userId, step: 'raised', kind: 'stale' },
    ]);
    expect(await openStale(ann.userId)).toBe(1);
  });
});
