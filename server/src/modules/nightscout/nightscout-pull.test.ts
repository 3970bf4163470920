import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { createOutboundClient, parseOutboundAllow } from '../../http/outbound';
import { createDeviceSyncScheduler } from '../../jobs/device-sync-scheduler';

const TOKEN = 'healthfolio-0123456789abcdef';
const API_SECRET = 'my-long-nightscout-secret';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** A Nightscout site on loopback: a day of 1-minute sgv entries, read token or api-secret required. */
const entries: {
  _id: string;
  type: string;
  sgv: number;
  date: number;
  dateString: string;
  device: string;
  direction: string;
}[] = [];
const addMinutes = (fromMs: number, n: number) => {
  for (let i = 0; i < n; i++) {
    const date = fromMs + i * 60_000;
    entries.push({
      _id: sha1(String(date)).slice(0, 24),
      type: 'sgv',
      sgv: 90 + (i % 120),
      date,
      dateString: new Date(date).toISOString(),
      device: 'share2',
      direction: i % 2 ? 'Flat' : 'FortyFiveUp',
    });
  }
};
const requests: URL[] = [];
let stub: Server;
let site: string;

beforeAll(async () => {
  addMinutes(Date.now() - 24 * 3_600_000 - 600_000, 1440);
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(url);
    const authorized =
      url.searchParams.get('token') === TOKEN || req.headers['api-secret'] === sha1(API_SECRET);
    if (!authorized) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ status: 401, message: 'Unauthorized', description: 'Invalid/Missing' }),
      );
    }
    if (url.pathname !== '/api/v1/entries/sgv.json') {
      res.writeHead(404);
      return res.end();
    }
    const gte = Number(url.searchParams.get('find[date][$gte]') ?? 0);
    const lt = Number(url.searchParams.get('find[date][$lt]') ?? Number.MAX_SAFE_INTEGER);
    const count = Number(url.searchParams.get('count') ?? 10);
    const page = entries
      .filter((e) => e.date >= gte && e.date < lt)
      .sort((a, b) => b.date - a.date)
      .slice(0, count);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(page));
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  site = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => stub.close(() => r())));

let server: TestServer;
let alice: TestClient;
let aliceId: string;
beforeAll(async () => {
  // The stub site on loopback is admitted by name, as an operator admits a Nightscout on their network.
  server = await createTestServer({}, { OUTBOUND_ALLOW: site });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-pull@example.com'));
});
afterAll(() => server.close());

const count = async (client: TestClient) =>
  (await (await client.get('/api/v1/glucose/stats?days=3')).json()).statistics?.count ?? 0;

describe('pulling from a Nightscout site', () => {
  it('pulls a day of entries at once (paging past 1,000), stores the token encrypted, and re-pulls nothing twice', async () => {
    const res = await alice.put('/api/v1/devices/nightscout/source', {
      siteUrl: `${site}/`,
      credentialKind: 'token',
      credential: TOKEN,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      configured: true,
      siteUrl: site,
      status: 'ok',
      lastError: null,
      lastImported: 1440,
    });
    expect(Date.parse(body.nextSyncAt)).toBeGreaterThan(Date.now() + 200_000);
    expect(await count(alice)).toBe(1440);
    const first = requests.at(-2)!;
    expect(first.searchParams.get('find[date][$gte]')).toMatch(/^\d+$/);
    expect(first.searchParams.get('count')).toBe('1000');

    // The trend arrows come along with the readings.
    const trends = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select trend, count(*)::int as n from glucose_readings group by trend order by trend`),
    );
    expect(trends.rows).toEqual([
      { trend: 'Flat', n: 720 },
      { trend: 'FortyFiveUp', n: 720 },
    ]);

    const { rows } = await server.deps.db.asSystem((tx) => tx.execute(sql`select * from nightscout_sources`));
    expect(JSON.stringify(rows)).not.toContain(TOKEN);

    const again = await (await alice.post('/api/v1/devices/nightscout/source/sync')).json();
    expect(again).toMatchObject({ status: 'ok', lastImported: 0 });
    expect(await count(alice)).toBe(1440);
    // Each page fetched is a batch with its own audit row; the overlap pulled again adds nothing.
    const pull = { resource: 'glucose_reading', source: 'nightscout-pull' };
    const audits = await importAudits(server, aliceId);
    expect(audits.slice(0, 2)).toEqual([
      { ...pull, received: 1000, stored: 1000, duplicates: 0 },
      { ...pull, received: 440, stored: 440, duplicates: 0 },
    ]);
    expect(audits.slice(2)).toEqual([expect.objectContaining({ stored: 0 })]);
  });

  it('the scheduler pulls new readings when the source is due, from the newest it has', async () => {
    addMinutes(entries.at(-1)!.date + 60_000, 5);
    const scheduler = createDeviceSyncScheduler({
      db: server.deps.db,
      notifier: server.deps.notifier,
      logger: pino({ level: 'silent' }),
      config: server.deps.config,
      outbound: server.deps.outbound,
    });
    expect((await scheduler.runOnce(new Date())).nightscout).toEqual([]); // not due yet
    const pulled = (await scheduler.runOnce(new Date(Date.now() + 3_600_000))).nightscout;
    expect(pulled).toHaveLength(1);
    expect(await count(alice)).toBe(1445);
    expect(Number(requests.at(-1)!.searchParams.get('find[date][$gte]'))).toBeGreaterThan(
      Date.now() - 2 * 3_600_000,
    );
  });

  it('shows a refused secret as the sync error, and keeps other users out of the source', async () => {
    const { client: bob } = await signUpAndSignIn(server, 'bob-pull@example.com');
    const res = await bob.put('/api/v1/devices/nightscout/source', {
      siteUrl: site,
      credentialKind: 'api_secret',
      credential: 'wrong-secret',
    });
    expect(await res.json()).toMatchObject({
      status: 'error',
      lastError: 'Nightscout refused the token or API secret.',
    });
    expect(await count(bob)).toBe(0);
    const fixed = await bob.put('/api/v1/devices/nightscout/source', {
      siteUrl: site,
      credentialKind: 'api_secret',
      credential: API_SECRET,
    });
    expect(await fixed.json()).toMatchObject({ status: 'ok', lastError: null });
    expect(requests.at(-1)!.searchParams.get('token')).toBeNull();
    // Alice's site is still hers; removing Bob's leaves his readings.
    expect((await (await alice.get('/api/v1/devices/nightscout/source')).json()).siteUrl).toBe(site);
    expect((await bob.delete('/api/v1/devices/nightscout/source')).status).toBe(204);
    expect((await (await bob.get('/api/v1/devices/nightscout/source')).json()).configured).toBe(false);
    expect((await alice.get('/api/v1/devices/nightscout/source')).status).toBe(200);
    expect(await count(bob)).toBeGreaterThan(0);
  });

  it('refuses addresses that are not http(s), with the field named', async () => {
    const res = await alice.put('/api/v1/devices/nightscout/source', {
      siteUrl: 'file:///etc/passwd',
      credentialKind: 'token',
      credential: TOKEN,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe('siteUrl');
  });
});

describe('the Nightscout address check (server-side request forgery)', () => {
  /** A listener no user may reach: on loopback, but not among the origins OUTBOUND_ALLOW admits. */
  let trap: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    trap = createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/big') return res.end(`[${'1,'.repeat(3 * 1024 * 1024)}1]`);
      res.end('[]');
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    port = (trap.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => trap.close(() => r())));

  it('refuses loopback, mapped, link-local, unspecified and private addresses, and a name for loopback', async () => {
    const addresses = [
      `http://127.0.0.1:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[::ffff:7f00:1]:${port}`,
      `http://[::1]:${port}`,
      `http://0.0.0.0:${port}`,
      `http://[::]:${port}`,
      `http://localhost:${port}`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.20:1337/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      `http://2130706433:${port}`, // 127.0.0.1 written as one number
    ];
    // Each attempt counts against the user's sync quota (10 in ten minutes): a user per eight.
    let client = server.client();
    for (const [i, siteUrl] of addresses.entries()) {
      if (i % 8 === 0) ({ client } = await signUpAndSignIn(server, `ssrf-${i}@example.com`));
      const res = await client.put('/api/v1/devices/nightscout/source', {
        siteUrl,
        credentialKind: 'token',
        credential: TOKEN,
      });
      expect(res.status, siteUrl).toBe(400);
      const body = await res.json();
      expect(body.code, siteUrl).toBe('blocked_address');
      expect(body.errors[0].path).toBe('siteUrl');
    }
    expect(hits).toBe(0);
    expect((await (await client.get('/api/v1/devices/nightscout/source')).json()).configured).toBe(false);
  });

  it('connects only to the checked address: the outbound client refuses a private one however it is reached', async () => {
    const outbound = server.deps.outbound;
    for (const url of [`http://localhost:${port}/`, `http://[::ffff:7f00:1]:${port}/`])
      await expect(outbound.request(url)).rejects.toMatchObject({ code: 'blocked_address' });
    expect(hits).toBe(0);
    // The admitted origin (OUTBOUND_ALLOW) is reached; the same host on another port is not.
    expect((await outbound.request(`${site}/api/v1/entries/sgv.json?token=${TOKEN}&count=1`)).status).toBe(
      200,
    );
  });

  it('follows no redirect and reads no more than the cap, even from an admitted origin', async () => {
    const outbound = createOutboundClient(parseOutboundAllow(`http://127.0.0.1:${port}`));
    try {
      expect((await outbound.request(`http://127.0.0.1:${port}/`)).text).toBe('[]');
      await expect(outbound.request(`http://127.0.0.1:${port}/redirect`)).rejects.toMatchObject({
        code: 'redirect',
      });
      await expect(
        outbound.request(`http://127.0.0.1:${port}/big`, { maxBytes: 1024 * 1024 }),
      ).rejects.toMatchObject({ code: 'too_large' });
      // Admitting one origin admits no other port or name for the same host.
      await expect(outbound.request(`http://localhost:${port}/`)).rejects.toMatchObject({
        code: 'blocked_address',
      });
    } finally {
      await outbound.close();
    }
  });

  it('rate-limits the pulls a user asks for', async () => {
    const { client } = await signUpAndSignIn(server, 'many-syncs@example.com');
    const put = () =>
      client.put('/api/v1/devices/nightscout/source', {
        siteUrl: site,
        credentialKind: 'token',
        credential: TOKEN,
      });
    expect((await put()).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await client.post('/api/v1/devices/nightscout/source/sync')).status);
    expect(statuses.slice(0, 9).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
