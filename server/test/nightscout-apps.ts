import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient, TestResponse, TestServer } from './harness';

/** The phone apps' side of the Nightscout uploader API: no cookie, no origin. */
export const nsRequest = (server: TestServer, path: string, init?: RequestInit) =>
  server.app.request(path, init) as Promise<TestResponse>;

export const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');
export const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

export interface NsCredential {
  id: string;
  baseUrl: string;
  secret: string;
  xdripUrl: string;
}

export const newCredential = async (
  client: TestClient,
  name = 'xDrip+ on my phone',
): Promise<NsCredential> => {
  const res = await client.post('/api/v1/devices/nightscout/credentials', { name });
  expect(res.status).toBe(201);
  return res.json();
};

/** What xDrip+ does with its Base URL https://SECRET@host/ns/{slug}/api/v1/: strip the secret, hash it. */
export const xdrip = (server: TestServer, cred: NsCredential, apiSecret = sha1(cred.secret)) => {
  const url = new URL(cred.xdripUrl);
  url.username = '';
  const base = url.pathname; // ends with /api/v1/
  const headers = { 'api-secret': apiSecret, 'content-type': 'application/json; charset=utf-8' };
  return {
    get: (path: string, extra: Record<string, string> = {}) =>
      nsRequest(server, base + path, { headers: { ...headers, ...extra } }),
    post: (path: string, body: unknown, method = 'POST') =>
      nsRequest(server, base + path, { method, headers, body: JSON.stringify(body) }),
    delete: (path: string) => nsRequest(server, base + path, { method: 'DELETE', headers }),
  };
};

/**
 * AndroidAPS' NSClient v3 (API v3 with the JWT it trades its access token for), as ns-v3.test.ts
 * drives it: `call('DELETE', 'v3/entries/<identifier>')`.
 */
export const androidAps = async (server: TestServer, cred: NsCredential) => {
  const auth = await nsRequest(server, `/api/v2/authorization/request/${encodeURIComponent(cred.secret)}`);
  expect(auth.status).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const base = `${new URL(cred.baseUrl.toLowerCase()).pathname}/api/`;
  return {
    call: (method: string, path: string, body?: unknown) =>
      nsRequest(server, base + path, {
        method,
        headers: {
          Date: String(Date.now()),
          Authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json; charset=UTF-8' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
  };
};
