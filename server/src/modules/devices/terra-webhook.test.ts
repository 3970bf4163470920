import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits, withoutAuditInsert } from '../../../test/admin';
import {
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';
import { signTerra, startTerraStub, type TerraStub, terraBodyDay } from '../../../test/terra-stub';
import { postUnfinished } from '../../../test/unfinished-post';
import { TERRA_WEBHOOK_BODY_LIMIT, TERRA_WEBHOOKS_PER_IP } from './terra-webhook.routes';

let terra: TerraStub;
let server: TestServer;
let http: ServerType;
let url: string;
let alice: TestClient;
let aliceId: string;

beforeAll(async () => {
  terra = await startTerraStub();
  // One trusted proxy: the tests speak for several addresses through X-Forwarded-For.
  server = await createTestServer({ trustProxy: 1 }, terra.env);
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-webhook@example.com'));
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/webhooks/terra`;
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await server.close();
  await terra.close();
});

const MB = 1024 * 1024;
const post = (raw: string, headers: Record<string, string>) =>
  server.app.request('/webhooks/terra', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  }) as Promise<TestResponse>;
const signed = (event: unknown, from = '198.51.100.7') => {
  const raw = JSON.stringify(event);
  return post(raw, { 'terra-signature': signTerra(raw, terra.signingSecret), 'x-forwarded-for': from });
};
const authEvent = (userId: string, terraUserId: string) => ({
  type: 'auth',
  status: 'success',
  reference_id: userId,
  user: { user_id: terraUserId, provider: 'WITHINGS', reference_id: userId },
  version: '2022-03-16',
});

describe("Terra's webhook reads nothing for a stranger", () => {
  it('answers 401 to a POST announcing 19 MB without a valid signature header, without waiting for the rest', async () => {
    const stale = signTerra('{}', terra.signingSecret, Math.floor(Date.now() / 1000) - 3600);
    const headerSets: Record<string, string>[] = [
      {},
      { 'terra-signature': stale },
      { 'terra-signature': 't=1,v1=zz' },
    ];
    for (const headers of headerSets) {
      const answer = await postUnfinished(url, { announced: 19 * MB, sent: 1024, headers });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).code).toBe('invalid_signature');
      expect(answer.sentBytes).toBe(1024);
    }
  });

  it('refuses a body announced over 20 MB unread, and a chunked one as soon as it passes the limit', async () => {
    const signature = signTerra('{}', terra.signingSecret);
    const announced = await postUnfinished(url, {
      announced: TERRA_WEBHOOK_BODY_LIMIT + 1,
      sent: 1024,
      headers: { 'terra-signature': signature },
    });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body).code).toBe('payload_too_large');
    const chunked = await postUnfinished(url, {
      sent: TERRA_WEBHOOK_BODY_LIMIT + MB,
      headers: { 'terra-signature': signature },
    });
    expect(chunked.status).toBe(413);
  });

  it('spends one budget per IPv6 /64: a neighbour in the same /64 is refused, another /64 is not', async () => {
    const unsigned = (from: string) => post('{}', { 'x-forwarded-for': from });
    // In rounds of 20, as a busy uploader would (not thousands at once on the database's pool).
    const answers: { status: number }[] = [];
    for (let sent = 0; sent < TERRA_WEBHOOKS_PER_IP.points; sent += 20)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, TERRA_WEBHOOKS_PER_IP.points - sent) }, () =>
            unsigned('2001:db8:77:1::1'),
          ),
        )),
      );
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([401]));
    const neighbour = await unsigned('2001:db8:77:1:ffff::2');
    expect(neighbour.status).toBe(429);
    expect(Number(neighbour.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await unsigned('2001:db8:77:2::1')).status).toBe(401);
  });
});

describe("Terra's webhook and a connection it cannot save", () => {
  it('answers 5xx (so Terra sends it again) when saving fails, and 200 only for a user that does not exist', async () => {
    const connections = async () => (await (await alice.get('/api/v1/devices/connections')).json()).items;
    await server.deps.db.owner.execute(sql`revoke insert on device_connections from healthfolio_app`);
    try {
      const failed = await signed(authEvent(aliceId, 'terra-alice-retry'));
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await connections()).toEqual([]);
    } finally {
      await server.deps.db.owner.execute(sql`grant insert on device_connections to healthfolio_app`);
    }
    // Terra's retry of the same event connects the device.
    const retried = await signed(authEvent(aliceId, 'terra-alice-retry'));
    expect(retried.status).toBe(200);
    expect((await retried.json()).outcome).toBe('connected');
    expect(await connections()).toEqual([expect.objectContaining({ provider: 'WITHINGS' })]);

    // A payload is written whole or not at all: with no audit row possible, nothing of it is kept,
    // and Terra's retry stores it all.
    const body = {
      type: 'body',
      user: { user_id: 'terra-alice-retry', provider: 'WITHINGS', reference_id: null },
      data: terraBodyDay(Date.now() - 26 * 3_600_000),
    };
    const unsaved = await withoutAuditInsert(server, () => signed(body));
    expect(unsaved.status).toBeGreaterThanOrEqual(500);
    const counts = async () => (await connections())[0].counts;
    expect(await counts()).toEqual({ glucose: 0, weight: 0, bloodPressure: 0 });
    expect((await signed(body)).status).toBe(200);
    expect(await counts()).toEqual({ glucose: 288, weight: 1, bloodPressure: 1 });
    expect((await importAudits(server, aliceId)).map((a) => a.stored)).toEqual([290]);

    const nobody = await signed(authEvent(randomUUID(), 'terra-nobody'));
    expect(nobody.status).toBe(200);
    expect((await nobody.json()).outcome).toBe('ignored');
  });
});
