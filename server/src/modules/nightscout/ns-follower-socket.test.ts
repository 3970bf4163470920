import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { type NsCredential, newCredential, sha1, xdrip } from '../../../test/nightscout-apps';
import { attachNsSocket } from './ns-socket';

let server: TestServer;
let http: ServerType;
let nsSocket: ReturnType<typeof attachNsSocket>;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer();
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

type Update = Record<string, unknown> & {
  sgvs?: { _id: string; mgdl: number; mills: number; direction?: string; device?: string }[];
  mbgs?: { _id: string; mgdl: number; mills: number; device?: string }[];
  treatments?: { _id: string; eventType?: string; action?: string; insulin?: number }[];
  devicestatus?: unknown[];
  profiles?: unknown[];
};

/**
 * A follower as Nightscout's own web client (and the watch faces built on it) connects: the site's
 * root, the default namespace, `authorize` with the token (or the SHA-1 of a secret), then it listens
 * for `dataUpdate`.
 */
const follower = async (auth: { token?: string; secret?: string }, extra: Record<string, unknown> = {}) => {
  const socket = connect(base, { forceNew: true, transports: ['polling', 'websocket'], reconnection: false });
  sockets.push(socket);
  const updates: Update[] = [];
  const waiters: ((u: Update) => void)[] = [];
  socket.on('dataUpdate', (u: Update) => {
    const w = waiters.shift();
    if (w) w(u);
    else updates.push(u);
  });
  const next = () =>
    new Promise<Update>((resolve) => {
      const u = updates.shift();
      if (u) resolve(u);
      else waiters.push(resolve);
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const answer = await socket
    .timeout(5000)
    .emitWithAck('authorize', { client: 'web', history: 6, ...auth, ...extra });
  return { socket, answer, next, closed };
};

const MIN = 60_000;
const reading = (sgv: number, minutesAgo: number) => {
  const date = Date.now() - minutesAgo * MIN;
  return {
    type: 'sgv',
    sgv,
    date,
    dateString: new Date(date).toISOString(),
    direction: 'Flat',
    device: 'xDrip',
  };
};
const followerToken = async (client: TestClient, name = 'Mum') =>
  (await (await client.post('/api/v1/devices/nightscout/followers', { name })).json()) as {
    id: string;
    token: string;
  };

describe('followers over socket.io (the site root, as Nightscout’s websocket.js)', () => {
  it('a follower token is answered read-only with the last hours, then only what each upload changed', async () => {
    const { client } = await signUpAndSignIn(server, 'sock-follow@example.com');
    const cred: NsCredential = await newCredential(client, 'xDrip');
    const phone = xdrip(server, cred);
    expect(
      (await phone.post('entries', [reading(120, 10), reading(126, 5), reading(99, 60 * 8)])).status,
    ).toBe(200);
    const { token } = await followerToken(client);

    const mum = await follower({ token }, { status: true });
    expect(mum.answer).toEqual({ read: true, write: false, write_treatment: false });
    const first = await mum.next();
    // Nightscout's runtime shapes: mgdl and mills, oldest first; `history: 6` leaves the 8-hour-old one out.
    expect(first.sgvs?.map((s) => s.mgdl)).toEqual([120, 126]);
    expect(first.sgvs?.[0]).toMatchObject({ direction: 'Flat', type: 'sgv', mills: expect.any(Number) });
    expect(first).toMatchObject({
      treatments: [],
      devicestatus: [],
      profiles: [],
      lastUpdated: expect.any(Number),
    });
    expect(first.status).toMatchObject({ status: 'ok', settings: { units: 'mg/dl' } });

    // Someone else's upload reaches nobody here; the next update is this person's only.
    const other = await signUpAndSignIn(server, 'sock-other@example.com');
    const theirs = xdrip(server, await newCredential(other.client, 'xDrip'));
    expect((await theirs.post('entries', [reading(61, 1)])).status).toBe(200);

    expect((await phone.post('entries', [reading(131, 0)])).status).toBe(200);
    const delta = await mum.next();
    expect(delta).toMatchObject({ delta: true });
    expect(delta.sgvs?.map((s) => s.mgdl)).toEqual([131]);
    expect(delta).not.toHaveProperty('treatments');

    const bolus = {
      eventType: 'Correction Bolus',
      insulin: 1.5,
      created_at: new Date(Date.now() - MIN).toISOString(),
      enteredBy: 'xDrip',
    };
    expect((await phone.post('treatments', [bolus])).status).toBe(200);
    const added = await mum.next();
    expect(added.treatments).toEqual([
      expect.objectContaining({ eventType: 'Correction Bolus', insulin: 1.5 }),
    ]);
    const id = added.treatments![0]!._id;
    const removed = await phone.delete(`treatments/${id}`);
    expect(removed.status).toBe(200);
    expect((await mum.next()).treatments).toEqual([{ _id: id, action: 'remove' }]);

    // A profile switch comes with the status naming the profile now active (websocket.js emitData).
    const sw = {
      eventType: 'Profile Switch',
      profile: 'Sport',
      duration: 60,
      created_at: new Date(Date.now() - MIN).toISOString(),
    };
    expect((await phone.post('treatments', [sw])).status).toBe(200);
    const switched = await mum.next();
    expect(switched.treatments).toEqual([
      expect.objectContaining({ eventType: 'Profile Switch', profile: 'Sport' }),
    ]);
    expect(switched.status).toMatchObject({ status: 'ok', activeProfile: 'Sport' });

    // It reads only: an upload over the follower's socket is refused and stores nothing.
    expect(
      await mum.socket.timeout(5000).emitWithAck('dbAdd', { collection: 'entries', data: reading(40, 0) }),
    ).toEqual({ result: 'Not permitted' });
    const values = (await (await client.get('/api/v1/glucose/readings')).json()).items.map(
      (r: { valueMgdl: number }) => r.valueMgdl,
    );
    expect(values).not.toContain(40);
  });

  it('a reading has the same _id and device on the socket as on API v1, so a follower merging both sees it once', async () => {
    const { client } = await signUpAndSignIn(server, 'sock-ids@example.com');
    const phone = xdrip(server, await newCredential(client, 'xDrip'));
    // xDrip+ sends the fingerstick it calibrated with under the sensor's own name.
    const finger = { type: 'mbg', mbg: 142, date: Date.now() - 7 * MIN, device: 'xDrip-DexcomG6' };
    const upload = await phone.post('entries', [reading(120, 10), finger]);
    expect(upload.status).toBe(200);
    const answered = (await upload.json()) as { _id: string; type: string; device: string }[];
    const { token } = await followerToken(client);
    type Doc = { _id: string; type: string; device: string; sgv?: number; mbg?: number };
    const restRead = async (path: string) => {
      const res = await fetch(`${base}/api/v1/${path}${path.includes('?') ? '&' : '?'}token=${token}`);
      expect(res.status).toBe(200);
      return (await res.json()) as Doc[];
    };
    const rest = await restRead('entries.json?count=10');
    const sgv = rest.find((d) => d.type === 'sgv')!;
    const mbg = rest.find((d) => d.type === 'mbg')!;
    expect(answered.map((d) => d._id).sort()).toEqual([sgv._id, mbg._id].sort());
    // The fingerstick is a meter reading wherever it is answered: never named as the sensor.
    expect(mbg.device).not.toBe('xDrip-DexcomG6');
    expect(answered.find((d) => d.type === 'mbg')?.device).toBe(mbg.device);

    const mum = await follower({ token });
    const first = await mum.next();
    expect(first.sgvs?.map((s) => [s._id, s.mgdl, s.device])).toEqual([[sgv._id, 120, 'xDrip']]);
    expect(first.mbgs?.map((m) => [m._id, m.mgdl, m.device])).toEqual([[mbg._id, 142, mbg.device]]);

    // What each later upload adds comes with the id REST answers for it too.
    expect((await phone.post('entries', [reading(131, 0)])).status).toBe(200);
    const delta = await mum.next();
    const [added] = delta.sgvs ?? [];
    expect(added?.mgdl).toBe(131);
    expect((await restRead(`entries/${added?._id}.json`)).map((d) => d.sgv)).toEqual([131]);
  });

  it('the SHA-1 of an upload secret reads too; a wrong token is refused and disconnected', async () => {
    const { client } = await signUpAndSignIn(server, 'sock-secret@example.com');
    const cred = await newCredential(client, 'Loop');
    expect((await xdrip(server, cred).post('entries', [reading(150, 3)])).status).toBe(200);
    const web = await follower({ secret: sha1(cred.secret) });
    expect(web.answer).toEqual({ read: true, write: false, write_treatment: false });
    expect((await web.next()).sgvs?.map((s) => s.mgdl)).toEqual([150]);

    const guesser = await follower({ token: `follow-${'0'.repeat(40)}` });
    expect(guesser.answer).toEqual({ read: false, write: false, write_treatment: false });
    expect(await guesser.closed).toBe('io server disconnect');
  });

  it('a revoked follower token is disconnected at the next upload and sent nothing more', async () => {
    const { client } = await signUpAndSignIn(server, 'sock-revoke@example.com');
    const cred = await newCredential(client, 'xDrip');
    const phone = xdrip(server, cred);
    const made = await followerToken(client, 'Old phone');
    const watch = await follower({ token: made.token });
    await watch.next();
    expect((await client.delete(`/api/v1/devices/nightscout/followers/${made.id}`)).status).toBe(204);
    expect((await phone.post('entries', [reading(77, 0)])).status).toBe(200);
    expect(await watch.closed).toBe('io server disconnect');
  });
});
