import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, nsRequest, sha1 } from '../../../test/nightscout-apps';
import { postUnfinished } from '../../../test/unfinished-post';
import { NS_BODY_LIMIT_BYTES, NS_REQUESTS_PER_IP } from './ns-http';

/**
 * The Nightscout REST doors (API v1 and v3) against a stranger: the credential is checked before a
 * byte of the body is read, a body over the limit is refused unread, and one budget per IPv6 /64.
 */
let server: TestServer;
let http: ServerType;
let base: string;
let ann: TestClient;
let cred: NsCredential;

beforeAll(async () => {
  // One trusted proxy: the tests speak for several addresses through X-Forwarded-For.
  server = await createTestServer({ trustProxy: 1 });
  ({ client: ann } = await signUpAndSignIn(server, 'ann-doors@example.com'));
  cred = await newCredential(ann);
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}${new URL(cred.baseUrl).pathname}`;
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await server.close();
});

const MB = 1024 * 1024;
const glucoseCount = async () =>
  (await (await ann.get('/api/v1/glucose/status')).json()).totalReadings as number;

describe('Nightscout uploads from a stranger', () => {
  it('answers 401 to v1 and v3 POSTs announcing 4 MB with a wrong or missing credential, without waiting for the rest', async () => {
    for (const [path, headers] of [
      ['/api/v1/entries', { 'api-secret': sha1('not-the-secret') }],
      ['/api/v1/treatments.json?token=not-the-secret', {}],
      ['/api/v3/entries', { authorization: 'Bearer not.a.jwt' }],
      ['/api/v3/treatments', {}],
    ] as const) {
      const answer = await postUnfinished(base + path, { announced: 4 * MB, sent: 1024, headers });
      expect(answer.status).toBe(401);
      expect(answer.sentBytes).toBe(1024);
    }
  });

  it('refuses an upload announced over 5 MB unread, and a chunked one as soon as it passes 5 MB', async () => {
    const headers = { 'api-secret': sha1(cred.secret) };
    const announced = await postUnfinished(`${base}/api/v1/entries`, {
      announced: NS_BODY_LIMIT_BYTES + 1,
      sent: 1024,
      headers,
    });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body)).toMatchObject({ status: 413, message: 'Payload Too Large' });
    const chunked = await postUnfinished(`${base}/api/v1/entries`, {
      sent: NS_BODY_LIMIT_BYTES + MB,
      headers,
    });
    expect(chunked.status).toBe(413);
    expect(await glucoseCount()).toBe(0);
    // The credential's own upload of a normal size still goes through.
    const at = Date.now() - 60_000;
    const ok = await nsRequest(server, `${new URL(cred.baseUrl).pathname}/api/v1/entries`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify([{ type: 'sgv', sgv: 111, date: at, dateString: new Date(at).toISOString() }]),
    });
    expect(ok.status).toBe(200);
    expect(await glucoseCount()).toBe(1);
  });

  it('spends one budget per IPv6 /64: a neighbour in the same /64 is refused, another /64 is not', async () => {
    const status = (from: string, apiSecret?: string) =>
      nsRequest(server, `${new URL(cred.baseUrl).pathname}/api/v1/status.json`, {
        headers: { 'x-forwarded-for': from, ...(apiSecret ? { 'api-secret': apiSecret } : {}) },
      });
    // In rounds of 20, as a busy uploader would (not thousands at once on the database's pool).
    const answers: { status: number }[] = [];
    for (let sent = 0; sent < NS_REQUESTS_PER_IP.points; sent += 20)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, NS_REQUESTS_PER_IP.points - sent) }, () =>
            status('2001:db8:ab:1::1'),
          ),
        )),
      );
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([401]));
    const neighbour = await status('2001:db8:ab:1:ffff::2');
    expect(neighbour.status).toBe(429);
    expect(Number(neighbour.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right secret draws on the same budget (on PostgreSQL taken with the credential's lookup).
    const owner = await status('2001:db8:ab:1:ffff::3', sha1(cred.secret));
    expect(owner.status).toBe(429);
    expect(Number(owner.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await status('2001:db8:ab:2::1')).status).toBe(401);
    expect((await status('2001:db8:ab:2::1', sha1(cred.secret))).status).toBe(200);
  });
});
