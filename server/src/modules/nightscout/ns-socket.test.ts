import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAudits } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, sha1 } from '../../../test/nightscout-apps';
import { createLogger } from '../../http/log-safety';
import { NS_REQUESTS_PER_IP, nsPerIpLimiter } from './ns-http';
import { attachNsSocket } from './ns-socket';

let server: TestServer;
let http: ServerType;
let nsSocket: ReturnType<typeof attachNsSocket>;
let base: string;
const sockets: Socket[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  server = await createTestServer(
    {},
    {},
    { logger: createLogger('trace', { write: (line: string) => void logLines.push(line) }) },
  );
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

/**
 * AndroidAPS' NSClientService: `IO.socket(nsURL, forceNew)` on the Nightscout URL the user typed
 * (its path is the namespace), default transports (polling, then the websocket upgrade), then
 * `authorize` on connect. No reconnection here, so a refused socket stays closed.
 */
const aaps = async (cred: NsCredential) => {
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
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const dataUpdate = new Promise<Record<string, unknown>>((resolve) => socket.once('dataUpdate', resolve));
  const call = (event: string, message: unknown) => socket.timeout(5000).emitWithAck(event, message);
  const authorize = (secret: string) =>
    call('authorize', { client: 'Android_AAPS', history: 24, status: true, from: 0, secret: sha1(secret) });
  return { socket, closed, dataUpdate, call, authorize };
};

const AT = Date.now() - 10 * 60_000;
const sgv = {
  device: 'AndroidAPS-Secretive',
  date: AT,
  dateString: new Date(AT).toISOString(),
  isValid: true,
  sgv: 123,
  direction: 'Flat',
  type: 'sgv',
};
// BolusExtension / CarbsExtension toJson(isAdd = true): one treatment each, at the same time.
const bolus = {
  eventType: 'Meal Bolus',
  insulin: 4.5,
  created_at: new Date(AT).toISOString(),
  date: AT,
  type: 'NORMAL',
  notes: '',
  isValid: true,
  isSMB: false,
  pumpId: 4711,
  pumpType: 'OMNIPOD_DASH',
  pumpSerial: 'A1',
};
const carbs = {
  eventType: 'Meal Bolus',
  carbs: 45,
  notes: '',
  created_at: new Date(AT).toISOString(),
  isValid: true,
  date: AT,
};

const glucoseValues = async (client: TestClient) =>
  (await (await client.get('/api/v1/glucose/readings')).json()).items.map(
    (r: { valueMgdl: number }) => r.valueMgdl,
  );
const trackerData = async (client: TestClient, tracker: string) =>
  (await (await client.get(`/api/v1/entries?tracker=${tracker}`)).json()).items.map(
    (e: { data: unknown }) => e.data,
  );

describe("AndroidAPS' NSClient (v1) over socket.io", () => {
  it('authorizes, stores an sgv, a bolus and carbs once, removes an invalidated bolus, and stops a revoked credential at the next write', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'ann-socket@example.com');
    const cred = await newCredential(client, 'AndroidAPS');
    const phone = await aaps(cred);

    expect(await phone.authorize(cred.secret)).toEqual({ read: true, write: true, write_treatment: true });
    // The status AndroidAPS checks its minimum Nightscout version against; no readings come back.
    const update = await phone.dataUpdate;
    expect(update.status).toMatchObject({ status: 'ok', versionNum: 150007 });
    expect(update).not.toHaveProperty('sgvs');

    const added = await phone.call('dbAdd', { collection: 'entries', data: sgv });
    expect(added).toEqual([expect.objectContaining({ sgv: 123, type: 'sgv', _id: expect.any(String) })]);
    const [bolusDoc] = await phone.call('dbAdd', { collection: 'treatments', data: bolus });
    expect(bolusDoc).toMatchObject({ insulin: 4.5, _id: expect.stringMatching(/\w+/) });
    await phone.call('dbAdd', { collection: 'treatments', data: carbs });
    // Device status is kept for followers, and acknowledged with its id.
    const [status] = await phone.call('dbAdd', {
      collection: 'devicestatus',
      data: { device: 'openaps://pixel' },
    });
    expect(status._id).toEqual(expect.any(String));

    // A lost acknowledgement makes AndroidAPS send again: the same answer, nothing doubled.
    expect(await phone.call('dbAdd', { collection: 'entries', data: sgv })).toEqual(added);
    expect((await phone.call('dbAdd', { collection: 'treatments', data: bolus }))[0]._id).toBe(bolusDoc._id);
    await phone.call('dbAdd', { collection: 'treatments', data: carbs });
    // A queue sent as one event (an array) is one batch: one transaction, one audit row.
    const backlog = [1, 2, 3].map((k) => ({ ...sgv, date: AT - k * 300_000, sgv: 100 + k }));
    expect(await phone.call('dbAdd', { collection: 'entries', data: [...backlog, sgv] })).toHaveLength(4);
    expect(await glucoseValues(client)).toEqual([123, 101, 102, 103]);
    const counts = (await importAudits(server, userId)).map((a) => [a.resource, a.received, a.stored]);
    expect(counts).toEqual([
      ['glucose_reading', 1, 1],
      ['entry', 1, 1],
      ['entry', 1, 1],
      ['ns_devicestatus', 1, 1],
      ['glucose_reading', 1, 0],
      ['entry', 1, 0],
      ['entry', 1, 0],
      ['glucose_reading', 4, 3],
    ]);
    expect(await trackerData(client, 'insulin')).toEqual([
      { meal_insulin: 4.5, correction_insulin: 0, total_insulin: 4.5 },
    ]);
    expect(await trackerData(client, 'meal')).toEqual([{ carbs: 45 }]);

    // A bolus deleted on the phone is sent as an update with isValid: false.
    const invalidated = { ...bolus, isValid: false };
    expect(
      await phone.call('dbUpdate', { collection: 'treatments', _id: bolusDoc._id, data: invalidated }),
    ).toEqual({ result: 'success' });
    expect(await trackerData(client, 'insulin')).toEqual([]);
    expect(await trackerData(client, 'meal')).toEqual([{ carbs: 45 }]);
    expect(await phone.call('dbUpdate', { collection: 'treatments', data: invalidated })).toEqual({
      result: 'Missing _id',
    });
    expect(await phone.call('dbAdd', { collection: 'users', data: {} })).toEqual({
      result: 'Wrong collection',
    });

    expect((await client.delete(`/api/v1/devices/nightscout/credentials/${cred.id}`)).status).toBe(204);
    const later = { ...sgv, date: AT + 300_000, sgv: 140 };
    expect(await phone.call('dbAdd', { collection: 'entries', data: later })).toEqual({
      result: 'Not authorized',
    });
    expect(await phone.closed).toBe('io server disconnect');
    expect(await glucoseValues(client)).toEqual([123, 101, 102, 103]);

    // The log holds the events and counts, never the secret, the device, the values or the address.
    const log = logLines.join('');
    expect(log).toContain('"event":"dbAdd"');
    for (const hidden of [cred.secret, sha1(cred.secret), 'Secretive', '"sgv"', '127.0.0.1'])
      expect(log).not.toContain(hidden);
  });

  it('refuses a wrong secret and writes before authorizing, and speaks Engine.IO 3 to older AndroidAPS', async () => {
    const { client } = await signUpAndSignIn(server, 'ben-socket@example.com');
    const cred = await newCredential(client, 'AndroidAPS');
    const early = await aaps(cred);
    expect(await early.call('dbAdd', { collection: 'entries', data: sgv })).toEqual({
      result: 'Not authorized',
    });
    expect(await early.closed).toBe('io server disconnect');

    const guesser = await aaps(cred);
    expect(await guesser.authorize('not-the-secret')).toEqual({
      read: false,
      write: false,
      write_treatment: false,
    });
    expect(await guesser.closed).toBe('io server disconnect');
    expect(await glucoseValues(client)).toEqual([]);

    // socket.io-client-java 1.x opens with an Engine.IO 3 handshake.
    const eio3 = await fetch(`${base}/socket.io/?EIO=3&transport=polling`);
    expect(eio3.status).toBe(200);
    expect(await eio3.text()).toContain('"sid"');
    // The rest of the site is still served on the same port.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it("draws new connections from the uploader's per-IP budget (last: it spends the budget)", async () => {
    // The handshakes and authorizations above have drawn on it; spend the rest (consume refuses then).
    await nsPerIpLimiter(server.deps.limiter)
      .consume('127.0.0.1', NS_REQUESTS_PER_IP.points)
      .catch(() => undefined);
    const refused = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
    expect(refused.status).toBe(403);
  });
});
