import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential, nsRequest } from '../../../test/nightscout-apps';

/**
 * API v3's `srvModified` is when the server last changed a document (cgm-remote-monitor lib/api3:
 * set on create, and again on every update or upsert that replaces it), not when it was first
 * stored: a client syncing by `history` finds a reading again when a resend changed its fields.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const AT = Date.now() - 3_600_000;
const sgv = (noise: number) => ({
  type: 'sgv',
  sgv: 131,
  date: AT,
  device: 'xDrip-DexcomG6',
  app: 'xDrip',
  noise,
});

it('answers a resent reading whose fields changed with a later srvModified, in history and lastModified', async () => {
  const { client, userId } = await signUpAndSignIn(server, 'srv-modified@example.com');
  const cred = await newCredential(client);
  const auth = await nsRequest(server, `/api/v2/authorization/request/${encodeURIComponent(cred.secret)}`);
  const { token } = await auth.json();
  const base = `${new URL(cred.baseUrl).pathname}/api/v3/`;
  const call = async (method: string, path: string, body?: unknown) =>
    nsRequest(server, base + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  const created = await call('POST', 'entries', sgv(1));
  expect(created.status).toBe(201);
  const { identifier } = await created.json();
  // Stored an hour ago: the resend below is certainly later, whatever the clock's resolution.
  await server.deps.db.asSystem((tx) =>
    tx.execute(sql`update glucose_readings set created_at = created_at - interval '1 hour',
      updated_at = updated_at - interval '1 hour' where user_id = ${userId}`),
  );
  const before = (await (await call('GET', `entries/${identifier}`)).json()).result;
  expect(before.srvModified).toBe(before.srvCreated);

  const resent = await call('POST', 'entries', sgv(2));
  expect(await resent.json()).toMatchObject({ identifier, isDeduplication: true });
  const after = (await (await call('GET', `entries/${identifier}`)).json()).result;
  expect(after).toMatchObject({ noise: 2, srvCreated: before.srvCreated });
  expect(after.srvModified).toBeGreaterThan(before.srvModified);

  const changed = (await (await call('GET', `entries/history/${before.srvModified}`)).json()).result;
  expect(changed).toEqual([
    expect.objectContaining({ identifier, noise: 2, srvModified: after.srvModified }),
  ]);
  const last = (await (await call('GET', 'lastModified')).json()).result;
  expect(last.collections.entries).toBe(after.srvModified);
});
