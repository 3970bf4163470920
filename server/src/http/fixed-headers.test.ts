import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedHeaders } from './fixed-headers';

const FIXED = [
  ['Content-Security-Policy', "default-src 'self'"],
  ['X-Frame-Options', 'DENY'],
] as const;

const app = new Hono();
app.use('*', fixedHeaders(FIXED, [['Cache-Control', 'no-store']], ['/api/', '/ns/']));
app.get('/plain', (c) => c.json({ ok: true }));
app.get('/api/x', (c) => c.json({ ok: true }));
app.get('/ns/x', (c) => c.json({ ok: true }));
// A handler that adds to a fixed header on node's own response (as a library may).
app.get('/appended', (c) => {
  (c.env as { outgoing?: import('node:http').ServerResponse } | undefined)?.outgoing?.appendHeader(
    'X-Frame-Options',
    'SAMEORIGIN',
  );
  return c.text('appended');
});
app.get('/own-policy', (c) => {
  c.header('Content-Security-Policy', 'sandbox');
  return c.text('a stored file');
});
app.get('/own-response', () => new Response('x', { headers: { 'content-security-policy': 'sandbox' } }));
app.get('/id', (c) => c.text(c.get('requestId')));

let server: ServerType;
let base: string;
beforeAll(async () => {
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

// Both ways a response is made: through the Node server (headers on node's response) and in process.
const ways = {
  'the Node server': (path: string, init?: RequestInit) => fetch(base + path, init),
  'an in-process request': async (path: string, init?: RequestInit) => app.request(path, init),
};

describe.each(Object.entries(ways))('fixed headers through %s', (_, get) => {
  it('are on every response, with a request id', async () => {
    const res = await get('/plain');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("give way to a handler's own header, however it sets it", async () => {
    for (const path of ['/own-policy', '/own-response']) {
      const res = await get(path);
      expect(res.headers.get('content-security-policy'), path).toBe('sandbox');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('mark the API and the Nightscout answers no-store, and nothing else', async () => {
    expect((await get('/api/x')).headers.get('cache-control')).toBe('no-store');
    expect((await get('/ns/x')).headers.get('cache-control')).toBe('no-store');
    expect((await get('/plain')).headers.get('cache-control')).toBeNull();
  });

  it('are the same on every response, whatever an earlier response added to them', async () => {
    await get('/appended');
    const next = await get('/plain');
    expect(next.headers.get('x-frame-options')).toBe('DENY');
  });

  it("keep a client's plain request id and replace one that is not", async () => {
    const kept = await get('/id', { headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
    expect(await kept.text()).toBe('trace-42');
    const replaced = await get('/id', { headers: { 'x-request-id': 'bad id; drop' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
