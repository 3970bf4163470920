import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits } from '../../../test/admin';
import { startDexcomShareStub } from '../../../test/dexcom-share-stub';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { createLogger } from '../../http/log-safety';
import { createDeviceSyncScheduler } from '../../jobs/device-sync-scheduler';
import { setUserStatus } from '../admin/admin-users.service';

const ACCOUNT = { accountName: 'sam.sensor@example.com', password: 'Dexcom-Pa55word!' };
const PATH = '/api/v1/devices/dexcom-share';
const INTERVAL = 300;

let stub: Awaited<ReturnType<typeof startDexcomShareStub>>;
let server: TestServer;
let alice: TestClient;
let aliceId: string;
/** Every log line the server wrote, at debug level: none may hold the password or the session. */
const logLines: string[] = [];

beforeAll(async () => {
  stub = await startDexcomShareStub(ACCOUNT);
  server = await createTestServer(
    {},
    { OUTBOUND_ALLOW: stub.origin, DEXCOM_SHARE_URL_OUS: stub.baseUrl, LOG_LEVEL: 'debug' },
    { logger: createLogger('debug', { write: (line: string) => void logLines.push(line) }) },
  );
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-dexcom@example.com'));
});
afterAll(async () => {
  await server.close();
  await stub.close();
});

const count = async (client: TestClient) =>
  (await (await client.get('/api/v1/glucose/stats?days=3')).json()).statistics?.count ?? 0;
const scheduler = () =>
  createDeviceSyncScheduler({
    db: server.deps.db,
    notifier: server.deps.notifier,
    logger: server.deps.logger,
    config: server.deps.config,
    outbound: server.deps.outbound,
  });
const secondsFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 1000;

describe('pulling from Dexcom Share', () => {
  it('connects, takes the last 24 hours with their arrows at once, and keeps the password sealed', async () => {
    const res = await alice.put(PATH, { ...ACCOUNT, region: 'ous' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      vendor: 'dexcom-share',
      configured: true,
      accountName: ACCOUNT.accountName,
      region: 'ous',
      status: 'ok',
      problem: null,
      lastImported: 288,
    });
    expect(secondsFromNow(body.nextSyncAt)).toBeGreaterThan(INTERVAL - 30);
    expect(JSON.stringify(body)).not.toContain(ACCOUNT.password);
    // AuthenticatePublisherAccount → LoginPublisherAccountById → a day of readings (pydexcom's maxima).
    expect(stub.requests.map((r) => r.path)).toEqual([
      'General/AuthenticatePublisherAccount',
      'General/LoginPublisherAccountById',
      'Publisher/ReadPublisherLatestGlucoseValues',
    ]);
    const read = stub.requests.at(-1)!.query;
    expect([read.get('minutes'), read.get('maxCount')]).toEqual(['1440', '288']);
    expect(await count(alice)).toBe(288);

    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ source: string; trend: string; n: number }>(
        sql`select source, trend, count(*)::int as n from glucose_readings where user_id = ${aliceId}
          group by source, trend order by trend`,
      ),
    );
    expect(rows).toEqual([
      { source: 'device:dexcom-share', trend: 'Flat', n: 144 },
      { source: 'device:dexcom-share', trend: 'FortyFiveUp', n: 144 },
    ]);
    // The newest reading is dated by its WT (UTC epoch), not shifted by DT's offset.
    const newest = await server.deps.db.asSystem((tx) =>
      tx.execute<{ at: Date }>(
        sql`select max(recorded_at) as at from glucose_readings where user_id = ${aliceId}`,
      ),
    );
    expect(new Date(newest.rows[0]!.at).getTime()).toBe(stub.readings[0]!.ms);

    const stored = await server.deps.db.asSystem((tx) => tx.execute(sql`select * from vendor_pull_sources`));
    expect(JSON.stringify(stored.rows)).not.toContain(ACCOUNT.password);
  });

  it('a second pull reuses the session and adds nothing; one audit row of counts per pull', async () => {
    stub.requests.length = 0;
    const again = await (await alice.post(`${PATH}/sync`)).json();
    expect(again).toMatchObject({ status: 'ok', lastImported: 0 });
    expect(stub.requests.map((r) => r.path)).toEqual(['Publisher/ReadPublisherLatestGlucoseValues']);
    // From an hour before the newest reading held, not the whole day again.
    expect(Number(stub.requests[0]!.query.get('minutes'))).toBeLessThan(70);
    expect(await count(alice)).toBe(288);
    const pull = { resource: 'glucose_reading', source: 'dexcom-share-pull' };
    const audits = await importAudits(server, aliceId);
    expect(audits[0]).toEqual({ ...pull, received: 288, stored: 288, duplicates: 0 });
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ ...pull, stored: 0 });
  });

  it('signs in again once when Dexcom has forgotten the session, and the scheduler pulls when due', async () => {
    stub.readings.unshift({ ms: Date.now() - 5_000, value: 131, trend: 'SingleDown' });
    stub.expireSessions();
    stub.requests.length = 0;
    const sync = scheduler();
    expect((await sync.runOnce(new Date())).vendors).toEqual([]); // not due yet
    expect((await sync.runOnce(new Date(Date.now() + INTERVAL * 1000))).vendors).toEqual([
      `dexcom-share:${aliceId}`,
    ]);
    // The account id is known: only LoginPublisherAccountById is asked again.
    expect(stub.requests.map((r) => r.path)).toEqual([
      'Publisher/ReadPublisherLatestGlucoseValues',
      'General/LoginPublisherAccountById',
      'Publisher/ReadPublisherLatestGlucoseValues',
    ]);
    expect(await (await alice.get(PATH)).json()).toMatchObject({ status: 'ok', lastImported: 1 });
    expect(await count(alice)).toBe(289);
  });

  it('backs off twice as long after each failure, and says when it will try again', async () => {
    stub.state.mode = 'down';
    const first = await (await alice.post(`${PATH}/sync`)).json();
    expect(first).toMatchObject({ status: 'error', problem: 'unreachable' });
    expect(secondsFromNow(first.nextSyncAt)).toBeGreaterThan(2 * INTERVAL - 30);
    expect(secondsFromNow(first.nextSyncAt)).toBeLessThan(2 * INTERVAL + 30);
    const second = await (await alice.post(`${PATH}/sync`)).json();
    expect(secondsFromNow(second.nextSyncAt)).toBeGreaterThan(4 * INTERVAL - 30);
    expect(secondsFromNow(second.nextSyncAt)).toBeLessThan(4 * INTERVAL + 30);
    // Not due in between: the scheduler leaves it alone.
    expect((await scheduler().runOnce(new Date(Date.now() + 3 * INTERVAL * 1000))).vendors).toEqual([]);
    stub.state.mode = 'normal';
    const back = await (await alice.post(`${PATH}/sync`)).json();
    expect(back).toMatchObject({ status: 'ok', problem: null });
    expect(secondsFromNow(back.nextSyncAt)).toBeLessThan(INTERVAL + 30);
  });

  it('a locked account waits at least a quarter of an hour', async () => {
    const { client } = await signUpAndSignIn(server, 'locked-dexcom@example.com');
    stub.state.mode = 'locked';
    try {
      const body = await (await client.put(PATH, { ...ACCOUNT, region: 'ous' })).json();
      expect(body).toMatchObject({ status: 'error', problem: 'locked' });
      expect(secondsFromNow(body.nextSyncAt)).toBeGreaterThan(15 * 60 - 30);
    } finally {
      stub.state.mode = 'normal';
    }
  });

  it('a refused password shows on the card and pauses the pulls; nobody else sees the account', async () => {
    const { client: bob, userId: bobId } = await signUpAndSignIn(server, 'bob-dexcom@example.com');
    const res = await bob.put(PATH, { ...ACCOUNT, password: 'not-the-password', region: 'ous' });
    expect(await res.json()).toMatchObject({
      status: 'error',
      problem: 'password_refused',
      nextSyncAt: null,
    });
    expect(await count(bob)).toBe(0);
    stub.requests.length = 0;
    expect((await scheduler().runOnce(new Date(Date.now() + 86_400_000))).vendors).not.toContain(
      `dexcom-share:${bobId}`,
    );
    expect(stub.requests.filter((r) => r.body.password === 'not-the-password')).toEqual([]);
    // Alice's account is hers alone; Bob disconnecting his leaves hers.
    expect((await bob.delete(PATH)).status).toBe(204);
    expect((await (await bob.get(PATH)).json()).configured).toBe(false);
    expect((await bob.post(`${PATH}/sync`)).status).toBe(404);
    expect((await (await alice.get(PATH)).json()).configured).toBe(true);
  });

  it('writes nothing for an account disconnected while Dexcom was answering', async () => {
    const { client: erin, userId: erinId } = await signUpAndSignIn(server, 'erin-dexcom@example.com');
    stub.state.beforeRead = async () => {
      expect((await erin.delete(PATH)).status).toBe(204);
    };
    const res = await erin.put(PATH, { ...ACCOUNT, region: 'ous' });
    expect(await res.json()).toMatchObject({ configured: false });
    expect(await count(erin)).toBe(0);
    const audits = await importAudits(server, erinId);
    expect(audits).toEqual([]);
  });

  it('refuses a missing region and an empty password, naming the field', async () => {
    const res = await alice.put(PATH, { accountName: 'x', password: ' ' });
    expect(res.status).toBe(400);
    const paths = (await res.json()).errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['password', 'region']);
  });

  it('the account dies with its owner being disabled or deleted', async () => {
    const { userId: adminId } = await signUpAndSignIn(server, 'admin-dexcom@example.com');
    const { client: carol, userId: carolId } = await signUpAndSignIn(server, 'carol-dexcom@example.com');
    expect((await carol.put(PATH, { ...ACCOUNT, region: 'ous' })).status).toBe(200);
    await setUserStatus({ db: server.deps.db, bus: server.deps.bus }, adminId, carolId, 'disabled');
    await setUserStatus({ db: server.deps.db, bus: server.deps.bus }, adminId, carolId, 'active');
    const left = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select 1 from vendor_pull_sources where user_id = ${carolId}`),
    );
    expect(left.rows).toHaveLength(0);
    expect((await scheduler().runOnce(new Date(Date.now() + 86_400_000))).vendors).not.toContain(
      `dexcom-share:${carolId}`,
    );

    const { client: dan, userId: danId } = await signUpAndSignIn(server, 'dan-dexcom@example.com');
    expect((await dan.put(PATH, { ...ACCOUNT, region: 'ous' })).status).toBe(200);
    await server.deps.db.owner.execute(sql`delete from auth.user where id = ${danId}`);
    const gone = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select 1 from vendor_pull_sources where user_id = ${danId}`),
    );
    expect(gone.rows).toHaveLength(0);
  });

  it('never writes the password, the account name or the session to the log', async () => {
    const all = logLines.join('\n');
    expect(all).toContain('vendor pull failed'); // the log was captured
    expect(all).not.toContain(ACCOUNT.password);
    expect(all).not.toContain(ACCOUNT.accountName);
    expect(all).not.toContain(stub.accountId);
    for (const r of stub.requests) {
      const sessionId = r.query.get('sessionId');
      if (sessionId) expect(all).not.toContain(sessionId);
    }
  });
});
