import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../test/harness';
import { newCredential, nsRequest, sha1 } from '../../test/nightscout-apps';
import { createNsRetention } from './ns-retention';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, { NS_DEVICESTATUS_DAYS: '30' });
});
afterAll(() => server.close());

const DAY = 86_400_000;

describe('Nightscout device status retention', () => {
  it('purges device status older than NS_DEVICESTATUS_DAYS and keeps the rest', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'retention-owner@example.com');
    const cred = await newCredential(client, 'Loop');
    const now = Date.now();
    const statuses = [31, 29, 1].map((days) => ({
      device: 'loop://iPhone',
      created_at: new Date(now - days * DAY).toISOString(),
      loop: { iob: { iob: days } },
    }));
    const res = await nsRequest(server, `${new URL(cred.baseUrl).pathname}/api/v1/devicestatus`, {
      method: 'POST',
      headers: { 'api-secret': sha1(cred.secret), 'content-type': 'application/json' },
      body: JSON.stringify(statuses),
    });
    expect(res.status).toBe(200);
    const retention = createNsRetention({ ...server.deps, logger: pino({ level: 'silent' }) });
    expect(await retention.runOnce(new Date(now))).toBe(1);
    const left = await server.deps.db.owner.execute<{ iob: number }>(
      sql`select (doc->'loop'->'iob'->>'iob')::int as iob from ns_devicestatus where user_id = ${userId} order by occurred_at`,
    );
    expect(left.rows.map((r) => r.iob)).toEqual([29, 1]);
    expect(await retention.runOnce(new Date(now))).toBe(0);
  });
});
