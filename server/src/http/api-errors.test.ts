import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../test/harness';
import { TMP_DIR } from '../../test/tmp-dir';

let server: TestServer;
let me: TestClient;
beforeAll(async () => {
  const webDist = mkdtempSync(join(TMP_DIR, 'web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><title>Healthfolio</title><div id="root"></div>',
  );
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  server = await createTestServer({ webDist });
  me = (await signUpAndSignIn(server, 'errors@example.com')).client;
});
afterAll(() => server.close());

const problem = async (res: TestResponse) => {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = await res.json();
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status: res.status,
    detail: expect.any(String),
    code: expect.any(String),
  });
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|select |insert /i);
  return body;
};

describe('bad input answers a 4xx problem, never a 500', () => {
  it('malformed JSON', async () => {
    const res = await me.request('PATCH', '/api/v1/profile', '{"displayName": ');
    expect(res.status).toBe(400);
    expect((await problem(res)).code).toBe('malformed_json');
  });

  it('unknown fields and wrong types, every issue listed with its path', async () => {
    const res = await me.patch('/api/v1/profile', { displayName: 42, glucoseUnit: 'mmol', isAdmin: true });
    expect(res.status).toBe(400);
    const body = await problem(res);
    expect(body.code).toBe('validation_failed');
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['displayName', 'glucoseUnit']));
    expect(body.errors.some((e: { message: string }) => /isAdmin/.test(e.message))).toBe(true);
  });

  it('a body over the limit', async () => {
    const res = await me.patch('/api/v1/profile', { displayName: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect((await problem(res)).code).toBe('payload_too_large');
  });

  it('unknown API route 404 and wrong method 405 with Allow', async () => {
    const missing = await me.get('/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect((await problem(missing)).code).toBe('not_found');
    const wrong = await me.delete('/api/v1/profile');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
    expect((await problem(wrong)).code).toBe('method_not_allowed');
  });

  it('anonymous requests to every signed-in operation of the API document get 401', async () => {
    const anon = server.client();
    const doc = (await (await anon.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const operations = Object.entries(doc.paths)
      // better-auth's own session doors (sign-out, change-password) answer in better-auth's words.
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          // Only operations that take nothing but a session (others also take a share link or a key).
          .filter(([, op]) => op.security?.length && op.security.every((s) => 'sessionCookie' in s))
          .map(([method]) => ({
            method: method.toUpperCase(),
            path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
          })),
      );
    expect(operations.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await anon.request(op.method, op.path, op.method === 'GET' ? undefined : {});
      const code = res.status === 401 ? (await problem(res)).code : undefined;
      if (code !== 'unauthenticated') wrong.push(`${op.method} ${op.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await me.request(
      'PATCH',
      '/api/v1/profile',
      { displayName: 'Evil' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await problem(res)).code).toBe('csrf_rejected');
    expect((await (await me.get('/api/v1/profile')).json()).displayName).toBe('errors');
  });

  it('refuses a simple content type (what a cross-site form can send)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await me.request('PATCH', '/api/v1/profile', '{"displayName":"Evil"}', {
        'content-type': type,
      });
      expect(res.status).toBe(403);
    }
    const signOut = await me.request('POST', '/api/auth/sign-out', 'x=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(signOut.status).toBe(403);
    expect((await me.get('/api/v1/profile')).status).toBe(200);
  });
});

describe('headers, static app and docs', () => {
  it('sends security headers on API and static responses', async () => {
    for (const path of ['/api/health', '/', '/assets/app-abc123.js']) {
      const res = await server.client().get(path);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('marks health data no-store and gives every response a request id', async () => {
    const res = await me.get('/api/v1/profile');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves client routes with index.html, hashed assets with a long cache, unknown API paths as problems', async () => {
    const page = await server.client().get('/dashboard/trackers/weight');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await server.client().get('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await server.client().get('/api/v2/whatever');
    expect(api.headers.get('content-type')).toContain('application/problem+json');
  });

  it('reports liveness and database reachability', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('documents every route in OpenAPI 3.1, auth included, with interactive docs', async () => {
    const doc = await (await server.client().get('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/health',
      '/api/v1/profile',
      '/api/v1/me/roles',
      '/api/v1/admin/users/{userId}/role',
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/sign-out',
    ]) {
      expect(paths).toContain(p);
    }
    const docs = await server.client().get('/api/docs');
    expect(await docs.text()).toContain('/api/docs/swagger-ui-bundle.js');
    expect((await server.client().get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('HSTS behind TLS', () => {
  it('is sent when APP_URL is https', async () => {
    const tls = await createTestServer({ appUrl: 'https://health.example', https: true });
    try {
      const res = await tls.client().get('/api/health');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await tls.close();
    }
  });
});
