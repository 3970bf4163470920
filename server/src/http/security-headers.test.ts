import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness';
import { TMP_DIR } from '../../test/tmp-dir';

let server: TestServer;
beforeAll(async () => {
  const webDist = mkdtempSync(join(TMP_DIR, 'web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Healthfolio</title>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  server = await createTestServer({ webDist });
});
afterAll(() => server.close());

/** "camera=(), geolocation=()" → { camera: '()', geolocation: '()' } */
const directives = (header: string | null) =>
  Object.fromEntries((header ?? '').split(/,\s*/).map((d) => d.split('=') as [string, string]));

describe('Permissions-Policy', () => {
  it('switches off camera, microphone, location and payment on every kind of response', async () => {
    const c = server.client();
    const responses = [
      await c.get('/'),
      await c.get('/dashboard/settings'),
      await c.get('/assets/app-abc123.js'),
      await c.get('/api/health'),
      await c.get('/api/v1/profile'), // 401 problem
      await c.get('/api/v1/no-such-route'), // 404 problem
      await c.get('/api/auth/get-session'),
      await c.post('/api/auth/sign-in/email', { email: 'x' }), // 400 problem
    ];
    for (const res of responses) {
      const policy = directives(res.headers.get('permissions-policy'));
      expect(policy, `${res.url} ${res.status}`).toMatchObject({
        camera: '()',
        microphone: '()',
        geolocation: '()',
        payment: '()',
        usb: '()',
        'display-capture': '()',
      });
      // Passkeys stay usable for the app's own origin.
      expect(policy['publickey-credentials-get']).toBe('(self)');
    }
  });

  it('names no feature Chromium does not know (each one logs a warning on every page)', async () => {
    const policy = directives((await server.client().get('/')).headers.get('permissions-policy'));
    expect(Object.keys(policy)).not.toContain('bluetooth');
  });
});
