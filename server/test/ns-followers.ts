import { expect } from 'vitest';
import type { TestClient, TestServer } from './harness';
import { type NsCredential, nsRequest, sha1 } from './nightscout-apps';

/** A follower token as the settings screen hands it out (shown once). */
export interface Follower {
  id: string;
  token: string;
  siteUrl: string;
  urlWithToken: string;
  xdripUrl: string;
}

export const newFollower = async (client: TestClient, name: string): Promise<Follower> => {
  const res = await client.post('/api/v1/devices/nightscout/followers', { name });
  expect(res.status).toBe(201);
  return res.json();
};

/** A GET with the query built as Swift's URLComponents builds it (`token` among the items). */
export const getWith = (
  server: TestServer,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) => {
  const url = new URL(path, 'http://localhost:3000');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return nsRequest(server, url.pathname + url.search, { headers });
};

export const MIN = 60_000;

/** A 1-minute CGM (Libre 3, Dexcom G7 through xDrip+): `n` readings up to a minute ago, newest first. */
export const minuteReadings = (now: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'sgv',
    sgv: 100 + (i % 50),
    date: now - (i + 1) * MIN,
    dateString: new Date(now - (i + 1) * MIN).toISOString(),
    direction: i === 0 ? 'FortyFiveUp' : 'Flat',
    device: 'xDrip-LibreReceiver',
  }));

/** Uploads through API v1 under the credential's address, with the SHA-1 `api-secret` (xDrip+, Loop). */
export const uploadV1 = async (server: TestServer, cred: NsCredential, collection: string, body: unknown) => {
  const res = await nsRequest(server, `${new URL(cred.baseUrl).pathname}/api/v1/${collection}`, {
    method: 'POST',
    headers: { 'api-secret': sha1(cred.secret), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
};

/**
 * Runs the rest of a test file with the server's clock in another time zone (a self-hosted server
 * set to the owner's zone); answers the restore.
 */
export const serverTimeZone = (zone: string) => {
  const before = process.env.TZ;
  process.env.TZ = zone;
  return () => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  };
};
