import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { io as connect, Manager, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, sha1 } from '../../../test/nightscout-apps';
import { ipBucket } from '../../http/client-ip';
import { NS_REQUESTS_PER_IP, nsPerIpLimiter } from './ns-http';
import { attachNsSocket, NS_SOCKET_MAX_NAMESPACES } from './ns-socket';

/**
 * The socket.io door against a stranger: unknown namespaces are refused and forgotten, a connection
 * gets a few namespaces at most, and every namespace and event draws on the per-IP (/64) budget.
 * Each test speaks for its own address through X-Forwarded-For (one trusted proxy), so budgets spent
 * in one test do not touch the next.
 */
let server: TestServer;
let http: ServerType;
let nsSocket: ReturnType<typeof attachNsSocket>;
let base: string;
let ann: TestClient;
let cred: NsCredential;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer({ trustProxy: 1 });
  ({ client: ann } = await signUpAndSignIn(server, 'ann-socket-doors@example.com'));
  cred = await newCredential(ann, 'AndroidAPS');
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  nsSocket = attachNsSocket(http as Parameters<typeof attachNsSocket>[0], server.deps);
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  nsSocket.close();
  await new Promise((resolve) => http.close(resolve));
  await server.close();
});

const namespaces = () => nsSocket.io._nsps.size;
const from = (ip: string) => ({ extraHeaders: { 'x-forwarded-for': ip } });
const glucoseCount = async () =>
  (await (await ann.get('/api/v1/glucose/status')).json()).totalReadings as number;

/** AndroidAPS' NSClient on its credential's address, connected (or the connect error). */
const aaps = (ip: string) => {
  const socket = connect(`${base}${new URL(cred.baseUrl).pathname}`, {
    forceNew: true,
    reconnection: false,
    ...from(ip),
  });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
};
const AT = Date.now() - 10 * 60_000;
const sgv = { device: 'AndroidAPS', date: AT, dateString: new Date(AT).toISOString(), sgv: 123, type: 'sgv' };

describe('the Nightscout socket against a stranger', () => {
  it('forgets a namespace once its last socket has left', async () => {
    const before = namespaces();
    const phone = await aaps('198.51.100.1');
    expect(namespaces()).toBe(before + 1);
    const closed = new Promise((resolve) => phone.once('disconnect', resolve));
    phone.disconnect();
    await closed;
    await expect.poll(namespaces).toBe(before);
  });

  it('charges every event after authorize: a spent budget refuses dbAdd and stores nothing', async () => {
    const phone = await aaps('198.51.100.2');
    const call = (event: string, message: unknown) => phone.timeout(5000).emitWithAck(event, message);
    expect(await call('authorize', { client: 'Android_AAPS', secret: sha1(cred.secret) })).toEqual({
      read: true,
      write: true,
      write_treatment: true,
    });
    await nsPerIpLimiter(server.deps.limiter)
      .consume('198.51.100.2', NS_REQUESTS_PER_IP.points)
      .catch(() => undefined);
    expect(await call('dbAdd', { collection: 'entries', data: sgv })).toEqual({
      result: 'Too many requests',
    });
    expect(await glucoseCount()).toBe(0);
  });

  it('refuses 2,000 unknown namespaces over one connection, keeping none of them', async () => {
    const before = namespaces();
    const manager = new Manager(base, {
      transports: ['websocket'],
      reconnection: false,
      ...from('198.51.100.3'),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 2000 }, (_, i) => {
        const socket = manager.socket(`/ns/${`unknown${i}`.padEnd(16, 'x')}`);
        return new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (err) => resolve(err.message));
          socket.once('disconnect', () => resolve('connection closed'));
        });
      }),
    );
    const counts = Object.fromEntries(
      [...new Set(outcomes)].map((m) => [m, outcomes.filter((r) => r === m).length]),
    );
    // The first few reach the lookup (no such credential: "Not found", unless the connection was
    // closed first); the next is refused for the connection's cap, which closes it under the rest.
    expect(counts['Too many namespaces']).toBeGreaterThanOrEqual(1);
    expect(counts['Not found'] ?? 0).toBeLessThanOrEqual(NS_SOCKET_MAX_NAMESPACES);
    for (const outcome of outcomes)
      expect(['Not found', 'Too many namespaces', 'connection closed']).toContain(outcome);
    // Checks still running when the connection closed are dropped, and their namespaces freed.
    await expect.poll(namespaces).toBe(before);
    // The handshake and each namespace looked up were charged to the address.
    await expect
      .poll(async () => (await nsPerIpLimiter(server.deps.limiter).get('198.51.100.3'))?.consumedPoints)
      .toBe(1 + NS_SOCKET_MAX_NAMESPACES);
  });

  it('charges an IPv6 /64 as one: a neighbour of a spent address cannot connect', async () => {
    await nsPerIpLimiter(server.deps.limiter)
      .consume(ipBucket('2001:db8:cd:1::1'), NS_REQUESTS_PER_IP.points)
      .catch(() => undefined);
    await expect(aaps('2001:db8:cd:1:abcd::9')).rejects.toThrow();
    await expect(aaps('2001:db8:cd:2::9')).resolves.toBeTruthy();
  });
});
