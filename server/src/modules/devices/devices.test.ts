import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { signTerra, startTerraStub, type TerraStub, terraBodyDay } from '../../../test/terra-stub';
import { createDeviceSyncScheduler } from '../../jobs/device-sync-scheduler';
import { forgetCatalogue } from './devices.service';

let terra: TerraStub;
let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;

beforeAll(async () => {
  terra = await startTerraStub();
  server = await createTestServer({}, terra.env);
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-terra@example.com'));
  ({ client: bob, userId: bobId } = await signUpAndSignIn(server, 'bob-terra@example.com'));
  forgetCatalogue();
});
afterAll(async () => {
  await server.close();
  await terra.close();
});

/** Terra posting a webhook: signed with the shared secret, no cookie, no origin. */
const webhook = (event: unknown, signature?: string) => {
  const raw = JSON.stringify(event);
  return server.app.request('/webhooks/terra', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'terra-signature': signature ?? signTerra(raw, terra.signingSecret),
    },
    body: raw,
  });
};
const authEvent = (userId: string, terraUserId: string, provider = 'FREESTYLELIBRE') => ({
  type: 'auth',
  status: 'success',
  reference_id: userId,
  widget_session_id: 'session-x',
  user: { user_id: terraUserId, provider, reference_id: userId, scopes: null, last_webhook_update: null },
  message: 'User has successfully authenticated',
  version: '2022-03-16',
});
const bodyEvent = (terraUserId: string, startMs: number) => ({
  type: 'body',
  user: { user_id: terraUserId, provider: 'FREESTYLELIBRE', reference_id: null },
  data: terraBodyDay(startMs),
  version: '2022-03-16',
});
const connections = async (client: TestClient) =>
  (await (await client.get('/api/v1/devices/connections')).json()).items;
const glucoseCount = async (client: TestClient) =>
  (await (await client.get('/api/v1/glucose/status')).json()).totalReadings;

const DAY = Date.now() - 26 * 3_600_000;

describe('Terra devices', () => {
  it('builds the catalogue from Terra’s provider list, keeping the spec’s groups and marking what Terra dropped', async () => {
    const res = await alice.get('/api/v1/devices/catalogue');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.terraConfigured).toBe(true);
    const health = body.items.find((i: { id: string }) => i.id === 'health');
    expect(health.providers).toEqual([
      { code: 'WITHINGS', name: 'Withings', available: true },
      { code: 'OMRON', name: 'OMRON', available: false },
      { code: 'IHEALTH', name: 'IHEALTH', available: false },
    ]);
    const other = body.items.find((i: { id: string }) => i.id === 'other');
    expect(other.providers.map((p: { code: string }) => p.code)).toEqual(['FREESTYLELIBRE', 'DEXCOM']);
  });

  it('creates a widget session at Terra with the keys, the user as reference and our return addresses', async () => {
    const res = await alice.post('/api/v1/devices/terra/widget-session', { providers: ['FITBIT', 'GARMIN'] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      sessionId: expect.any(String),
      url: `${terra.url}/widget/page/${body.sessionId}`,
    });
    const sent = terra.requests.findLast((r) => r.path === '/widget/session')!;
    expect(sent.headers['dev-id']).toBe(terra.devId);
    expect(sent.body).toEqual({
      providers: 'FITBIT,GARMIN',
      language: 'en',
      reference_id: aliceId,
      auth_success_redirect_url: 'http://localhost:3000/dashboard/devices?connected=1',
      auth_failure_redirect_url: 'http://localhost:3000/dashboard/devices?connect_failed=1',
    });
    terra.breakNextSession();
    const broken = await alice.post('/api/v1/devices/terra/widget-session', { providers: ['FITBIT'] });
    expect(broken.status).toBe(502);
    expect((await broken.json()).detail).toBe('Invalid widget session response');
  });

  it('records the connection from the auth webhook, stores body data once, and refuses bad signatures', async () => {
    expect((await webhook(authEvent(aliceId, 'terra-alice'))).status).toBe(200);
    const [conn] = await connections(alice);
    expect(conn).toMatchObject({
      provider: 'FREESTYLELIBRE',
      counts: { glucose: 0, weight: 0, bloodPressure: 0 },
    });

    const forged = bodyEvent('terra-alice', DAY);
    const bad = await webhook(forged, signTerra(JSON.stringify(forged), 'not-the-secret'));
    expect(bad.status).toBe(401);
    const old = await webhook(
      forged,
      signTerra(JSON.stringify(forged), terra.signingSecret, Math.floor(Date.now() / 1000) - 301),
    );
    expect(old.status).toBe(401);
    expect(await glucoseCount(alice)).toBe(0);

    expect((await webhook(bodyEvent('terra-alice', DAY))).status).toBe(200);
    expect((await webhook(bodyEvent('terra-alice', DAY))).status).toBe(200); // Terra retries
    // One audit row per payload, with counts: 288 glucose samples, a weight and a blood pressure.
    const payload = { resource: 'device_connection', source: 'terra', provider: 'FREESTYLELIBRE' };
    expect(await importAudits(server, aliceId)).toEqual([
      { ...payload, received: 290, stored: 290, duplicates: 0 },
      { ...payload, received: 290, stored: 0, duplicates: 290 },
    ]);
    const [after] = await connections(alice);
    expect(after.counts).toEqual({ glucose: 288, weight: 1, bloodPressure: 1 });
    expect(after.lastDataAt).not.toBeNull();
    const weights = (await (await alice.get('/api/v1/entries?tracker=weight')).json()).items;
    expect(weights.map((w: { data: unknown }) => w.data)).toEqual([{ weight: 72.5, weightUnit: 'kg' }]);
    const bp = (await (await alice.get('/api/v1/entries?tracker=blood-pressure')).json()).items;
    expect(bp.map((w: { data: unknown }) => w.data)).toEqual([{ systolic: 122, diastolic: 79 }]);
    const stats = await (await alice.get('/api/v1/glucose/stats?days=3')).json();
    expect(stats.statistics.count).toBe(288);
  });

  it('keeps users apart: another user cannot see, remove or take over a connection', async () => {
    expect(await connections(bob)).toEqual([]);
    const [conn] = await connections(alice);
    expect((await bob.delete(`/api/v1/devices/connections/${conn.id}`)).status).toBe(404);
    // An auth event naming Bob for Alice's Terra user does not move it to him.
    await webhook(authEvent(bobId, 'terra-alice'));
    expect(await connections(bob)).toEqual([]);
    expect(await connections(alice)).toHaveLength(1);
    expect(await glucoseCount(bob)).toBe(0);
  });

  it('catches up on missed data with a periodic pull of /body', async () => {
    const { client: carol, userId: carolId } = await signUpAndSignIn(server, 'carol-terra@example.com');
    await webhook(authEvent(carolId, 'terra-carol', 'DEXCOM'));
    terra.setBodyData(terraBodyDay(DAY));
    const scheduler = createDeviceSyncScheduler({
      db: server.deps.db,
      notifier: server.deps.notifier,
      logger: pino({ level: 'silent' }),
      config: server.deps.config,
      outbound: server.deps.outbound,
    });
    const run = await scheduler.runOnce(new Date(Date.now() + 60_000));
    expect(run.terra.length).toBeGreaterThanOrEqual(1);
    const pulled = terra.requests.findLast(
      (r) => r.path === '/v2/body' && r.query.get('user_id') === 'terra-carol',
    )!;
    expect(pulled.query.get('to_webhook')).toBe('false');
    expect(pulled.query.get('with_samples')).toBe('true');
    const [conn] = await connections(carol);
    expect(conn.counts).toEqual({ glucose: 288, weight: 1, bloodPressure: 1 });
    expect(conn.lastSyncAt).not.toBeNull();
    expect(Date.parse(conn.nextSyncAt)).toBeGreaterThan(Date.now());
  });

  it('disconnects: deauthenticates at Terra, removes the connection and keeps the data', async () => {
    const [conn] = await connections(alice);
    expect((await alice.delete(`/api/v1/devices/connections/${conn.id}`)).status).toBe(204);
    const deauth = terra.requests.findLast((r) => r.path === '/v2/auth/deauthenticateUser')!;
    expect(deauth.method).toBe('DELETE');
    expect(deauth.query.get('user_id')).toBe('terra-alice');
    expect(await connections(alice)).toEqual([]);
    expect(await glucoseCount(alice)).toBe(288);
    // A deauth event from Terra ends a connection too.
    await webhook(authEvent(aliceId, 'terra-alice-2', 'WITHINGS'));
    expect(await connections(alice)).toHaveLength(1);
    await webhook({
      type: 'deauth',
      user: { user_id: 'terra-alice-2', provider: 'WITHINGS' },
      status: 'success',
    });
    expect(await connections(alice)).toEqual([]);
  });
});

describe('without Terra configured', () => {
  it('says so and connects nothing', async () => {
    const bare = await createTestServer();
    try {
      const { client } = await signUpAndSignIn(bare, 'dana-terra@example.com');
      const catalogue = await (await client.get('/api/v1/devices/catalogue')).json();
      expect(catalogue.terraConfigured).toBe(false);
      expect(
        catalogue.items.every((i: { providers: { available: boolean }[] }) =>
          i.providers.every((p) => !p.available),
        ),
      ).toBe(true);
      const res = await client.post('/api/v1/devices/terra/widget-session', { providers: ['FITBIT'] });
      expect(res.status).toBe(503);
      expect((await bare.app.request('/webhooks/terra', { method: 'POST', body: '{}' })).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
