import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential } from '../../../test/nightscout-apps';
import { MIN, minuteReadings, newFollower, uploadV1 } from '../../../test/ns-followers';
import { attachNsSocket } from './ns-socket';

/**
 * LoopFollow's NightscoutSocketManager: socket.io at the site's root with `token` as a connect
 * parameter, then `authorize` {client: "LoopFollow", history: 1, secret: <the token itself>} sent
 * without an acknowledgement; it waits for `connected`, then reads `dataUpdate`.
 */
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

/** Waits for `p`, failing after 5 s with what was awaited. */
const within = <T>(p: Promise<T>, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within 5 s`)), 5000)),
  ]);

type Update = { delta?: boolean; sgvs?: { mgdl: number; mills: number; direction?: string }[] };

describe('LoopFollow over socket.io', () => {
  it('authorizes with the raw token as `secret`, says `connected`, sends the last hour, then each new reading', async () => {
    const { client } = await signUpAndSignIn(server, 'lf-socket@example.com');
    const cred = await newCredential(client, 'xDrip+');
    const now = Date.now();
    await uploadV1(server, cred, 'entries', minuteReadings(now, 90));
    const f = await newFollower(client, 'Mum, LoopFollow');

    const socket = connect(base, { forceNew: true, reconnection: false, query: { token: f.token } });
    sockets.push(socket);
    const updates: Update[] = [];
    const waiting: ((u: Update) => void)[] = [];
    socket.on('dataUpdate', (u: Update) => {
      const w = waiting.shift();
      if (w) w(u);
      else updates.push(u);
    });
    const next = () =>
      new Promise<Update>((resolve) => {
        const u = updates.shift();
        if (u) resolve(u);
        else waiting.push(resolve);
      });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const connected = new Promise<void>((resolve) => socket.once('connected', () => resolve()));
    socket.emit('authorize', { client: 'LoopFollow', history: 1, secret: f.token });
    await within(connected, '`connected`');

    const first = await within(next(), 'first dataUpdate');
    // history: 1 → the last hour of the 90 minutes, oldest first, mgdl and mills as numbers.
    const mills = first.sgvs!.map((s) => s.mills);
    expect(mills.length).toBeGreaterThanOrEqual(59);
    expect(mills.length).toBeLessThanOrEqual(61);
    expect(mills.every((m) => m >= now - 61 * MIN)).toBe(true);
    expect(first.sgvs!.at(-1)).toMatchObject({ mgdl: 100, mills: now - MIN, direction: 'FortyFiveUp' });

    await uploadV1(server, cred, 'entries', [
      { type: 'sgv', sgv: 133, date: now, direction: 'SingleUp', device: 'xDrip-LibreReceiver' },
    ]);
    const delta = await within(next(), 'dataUpdate after the upload');
    expect(delta.delta).toBe(true);
    expect(delta.sgvs).toEqual([expect.objectContaining({ mgdl: 133, mills: now, direction: 'SingleUp' })]);
  });

  it('a wrong token is not connected', async () => {
    const socket = connect(base, { forceNew: true, reconnection: false, query: { token: 'follow-nope' } });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let connected = false;
    socket.on('connected', () => {
      connected = true;
    });
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    socket.emit('authorize', { client: 'LoopFollow', history: 1, secret: 'follow-nope' });
    await closed;
    expect(connected).toBe(false);
  });
});
