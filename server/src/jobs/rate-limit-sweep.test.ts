import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness';
import { createFileSweeps } from './file-sweeps';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const MIN = 60_000;

describe('the hourly sweep of spent rate-limit counters', () => {
  it('deletes counters an hour after they expired, and never one still in force', async () => {
    const { db } = server.deps;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await db.owner.execute(sql`
      insert into auth.rate_limit (key, points, expire) values
        ('sweep-test:spent', 5, ${at(-120 * MIN)}::timestamptz),
        ('sweep-test:recent', 5, ${at(-30 * MIN)}::timestamptz),
        ('sweep-test:live', 5, ${at(10 * MIN)}::timestamptz)`);
    // A limit in force: one point in ten minutes, spent.
    const limiter = server.deps.limiter({ keyPrefix: 'sweep-test-limit', points: 1, duration: 600 });
    await limiter.consume('someone');

    await createFileSweeps({ ...server.deps, logger: server.deps.logger }).runOnce();

    const { rows } = await db.owner.execute<{ key: string }>(
      sql`select key from auth.rate_limit where key like 'sweep-test:%' order by key`,
    );
    expect(rows.map((r) => r.key)).toEqual(['sweep-test:live', 'sweep-test:recent']);
    await expect(limiter.consume('someone')).rejects.toMatchObject({ remainingPoints: 0 });
  });
});
