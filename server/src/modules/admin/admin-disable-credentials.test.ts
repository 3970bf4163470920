import type { AddressInfo } from 'node:net';
import { decodeShlink } from '@healthfolio/core/packets/shlink';
import { type ServerType, serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import {
  createTestServer,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { type NsCredential, newCredential, nsRequest, sha1, xdrip } from '../../../test/nightscout-apps';
import { attachNsSocket } from '../nightscout/ns-socket';

/**
 * DESIGN §5: every credential dies with its owner's account being disabled. Each door a disabled
 * owner's credential could open is tried after the admin disables the account, and again after the
 * admin enables it: nothing comes back.
 */
let server: TestServer;
let http: ServerType;
let nsSocket: ReturnType<typeof attachNsSocket>;
let base: string;
let admin: TestClient;
const sockets: Socket[] = [];
let ipSeq = 0;

beforeAll(async () => {
  server = await createTestServer({ trustProxy: 1 });
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  nsSocket = attachNsSocket(http as Parameters<typeof attachNsSocket>[0], server.deps);
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  ({ client: admin } = await signInAdmin(server, 'chief-doors@example.com'));
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  nsSocket.close();
  await new Promise((resolve) => http.close(resolve));
  await server.close();
});

/** AndroidAPS' NSClient (v1): connect to the credential's namespace, then `authorize`. */
const socketPhone = async (cred: NsCredential) => {
  const socket = connect(`${base}${new URL(cred.baseUrl).pathname}`, {
    forceNew: true,
    transports: ['polling', 'websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const call = (event: string, message: unknown) => socket.timeout(5000).emitWithAck(event, message);
  const authorize = () =>
    call('authorize', {
      client: 'Android_AAPS',
      history: 24,
      status: true,
      from: 0,
      secret: sha1(cred.secret),
    });
  return { call, authorize };
};

const jwtRequest = (secret: string) =>
  nsRequest(server, `/api/v2/authorization/request/${encodeURIComponent(secret)}`);
const v3Status = (cred: NsCredential, token: string) =>
  nsRequest(server, `${new URL(cred.baseUrl).pathname}/api/v3/status`, {
    headers: { authorization: `Bearer ${token}`, date: String(Date.now()) },
  });

/** A caregiver or a clinic: no session, an address of its own (the public doors are throttled per IP). */
const visitor = () => {
  const ip = `198.51.100.${++ipSeq % 250}`;
  const c = server.client();
  return {
    get: (path: string) => c.get(path, { 'x-forwarded-for': ip }),
    post: (path: string, body: unknown) => c.post(path, body, { 'x-forwarded-for': ip }),
  };
};

const setStatus = async (userId: string, status: 'active' | 'disabled') => {
  const res = await admin.put(`/api/v1/admin/users/${userId}/status`, { status });
  expect(res.status).toBe(200);
};

describe("disabling an account closes every door its credentials opened, and enabling it doesn't reopen them", () => {
  it('Nightscout REST, the JWT exchange and its JWT, the socket, a follower token, a household follower token, a share link and a visit-packet link', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'door-owner@example.com');
    const reading = { type: 'sgv', sgv: 131, date: Date.now() - 600_000, direction: 'Flat' };
    const nsCred = await newCredential(client, 'xDrip+');
    const uploader = xdrip(server, nsCred);
    expect((await uploader.post('entries', [reading])).status).toBe(200);

    const jwtCred = await newCredential(client, 'AndroidAPS v3');
    const jwt = await jwtRequest(jwtCred.secret);
    expect(jwt.status).toBe(200);
    const { token } = await jwt.json();
    expect((await v3Status(jwtCred, token)).status).toBe(200);

    const follower = await client.post('/api/v1/devices/nightscout/followers', { name: 'LoopFollow' });
    expect(follower.status).toBe(201);
    const followerToken: string = (await follower.json()).token;
    const followerStatus = () => nsRequest(server, `/api/v1/status.json?token=${followerToken}`);
    expect((await followerStatus()).status).toBe(200);
    const household = await client.post('/api/v1/household/followers', { name: 'Grandma' });
    expect(household.status).toBe(201);
    const householdToken: string = (await household.json()).token;
    const householdFollow = () =>
      server.app.request('/api/v1/household/follow', {
        headers: { authorization: `Bearer ${householdToken}` },
      });
    expect((await householdFollow()).status).toBe(200);

    const socketCred = await newCredential(client, 'AndroidAPS v1');
    const phone = await socketPhone(socketCred);
    expect(await phone.authorize()).toEqual({ read: true, write: true, write_treatment: true });

    const shareRes = await client.post('/api/v1/shares', {
      email: 'carer-doors@example.com',
      categories: ['health_metrics'],
    });
    expect(shareRes.status).toBe(201);
    const shareToken = new URL((await shareRes.json()).link).pathname.split('/').pop()!;
    expect((await visitor().get(`/api/v1/shared/${shareToken}`)).status).toBe(200);

    const packetRes = await client.post('/api/v1/packets', { days: 14, categories: ['glucose'] });
    expect(packetRes.status, await packetRes.clone().text()).toBe(201);
    const packet = await packetRes.json();
    const manifest = new URL(decodeShlink(packet.link)!.url).pathname;
    const openPacket = () => visitor().post(manifest, { recipient: 'Dr. Reader', passcode: packet.passcode });
    expect((await openPacket()).status).toBe(200);

    // A health system connected through SMART on FHIR: its sealed tokens feed the nightly sync.
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into health_system_connections (user_id, name, kind, fhir_base_url,
          token_endpoint, client_id, client_type, patient_id, scopes, tokens_sealed, status)
        values (${userId}, 'General Hospital', 'provider', 'https://fhir.example.org/r4',
          'https://fhir.example.org/token', 'healthfolio', 'public', 'p1', '["launch/patient"]'::jsonb,
          'sealed-tokens', 'ok')`),
    );
    const owner = server.client();
    const portals = async () =>
      (await (await owner.get('/api/v1/health-systems/connections')).json()).connections;

    await setStatus(userId, 'disabled');

    const closed = async () => {
      expect((await uploader.get('entries.json')).status).toBe(401);
      expect((await uploader.post('entries', [{ ...reading, date: Date.now() }])).status).toBe(401);
      expect((await jwtRequest(jwtCred.secret)).status).toBe(401);
      expect((await v3Status(jwtCred, token)).status).toBe(401);
      expect((await followerStatus()).status).toBe(401);
      expect((await jwtRequest(followerToken)).status).toBe(401);
      expect((await householdFollow()).status).toBe(401);
      expect((await visitor().get(`/api/v1/shared/${shareToken}`)).status).toBe(404);
      expect((await visitor().get(`/api/v1/shared/${shareToken}/health-metrics`)).status).toBe(404);
      expect((await openPacket()).status).toBe(404);
    };
    await closed();
    // The phone already authorized: its next write is refused and the socket closed.
    expect(
      await phone.call('dbAdd', { collection: 'entries', data: { ...reading, date: Date.now() } }),
    ).toEqual({ result: 'Not authorized' });
    // A new connection's authorize answers no access.
    const again = await socketPhone(socketCred).catch(() => null);
    if (again) expect(await again.authorize()).toEqual({ read: false, write: false, write_treatment: false });

    await setStatus(userId, 'active');
    await closed();
    const later = await socketPhone(socketCred).catch(() => null);
    if (later) expect(await later.authorize()).toEqual({ read: false, write: false, write_treatment: false });
    // Signed in again, the owner sees the links revoked and the upload credentials gone.
    expect(
      (await owner.post('/api/auth/sign-in/email', { email: 'door-owner@example.com', password: PASSWORD }))
        .status,
    ).toBe(200);
    expect((await (await owner.get('/api/v1/devices/nightscout/credentials')).json()).items).toEqual([]);
    const shares = (await (await owner.get('/api/v1/shares')).json()).items;
    expect(shares.map((s: { status: string }) => s.status)).toEqual(['revoked']);
    const [row] = (await auditRows(server, 'disable_user')).filter((r) => r.resource_id === userId);
    expect(await portals()).toEqual([]);
    expect(row?.details).toMatchObject({
      revoked: { ns: 3, followers: 2, shares: 1, packets: 1, portals: 1 },
    });
  });
});
