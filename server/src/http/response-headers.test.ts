import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../test/harness';

let server: TestServer;
let me: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  me = (await signUpAndSignIn(server, 'headers@example.com')).client;
});
afterAll(() => server.close());

describe('API response headers', () => {
  it('a JSON answer to a client that accepts no encoding is plain, private and announces Vary', async () => {
    const res = await me.get('/api/v1/profile');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect((await res.json()).displayName).toBeTruthy();
  });

  it('a large answer is gzipped for a client that accepts it, once, with the same headers', async () => {
    const res = await me.get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const doc = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(doc.paths['/api/v1/profile']).toBeDefined();
  });
});
