import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { newCredential, sha1, xdrip } from '../../../test/nightscout-apps';
import { NS_REQUESTS_PER_IP } from './ns-http';

/**
 * On PostgreSQL an upload through a credential the process let in lately sends the door (budget and
 * credential) in its transaction's write (ns-door-cache.ts). The database still decides: these change
 * the credential or the budget behind the process's back, where no code of it could forget what it saw.
 */
let server: TestServer;
let ann: TestClient;
let at = Date.now() - 3 * 60 * 60_000;
const reading = () => {
  at += 5 * 60_000;
  return [{ type: 'sgv', sgv: 118, date: at, direction: 'Flat', device: 'xDrip-DexcomG6' }];
};
const glucoseCount = async () =>
  (await (await ann.get('/api/v1/glucose/status')).json()).totalReadings as number;
const owner = (q: ReturnType<typeof sql>) => server.deps.db.owner.execute(q);

beforeAll(async () => {
  server = await createTestServer();
  ({ client: ann } = await signUpAndSignIn(server, 'ann-remembered-door@example.com'));
});
afterAll(() => server.close());

describe('an upload through a remembered credential', () => {
  it('is stored as through the ordinary door, reading after reading', async () => {
    const phone = xdrip(server, await newCredential(ann));
    const before = await glucoseCount();
    for (let i = 0; i < 4; i++) {
      const res = await phone.post('entries', reading());
      expect(res.status).toBe(200);
      expect((await res.json())[0]).toMatchObject({ sgv: 118, date: at, type: 'sgv' });
    }
    expect(await glucoseCount()).toBe(before + 4);
  });

  it('is refused once the credential is gone, though the process had let it in', async () => {
    const cred = await newCredential(ann);
    const phone = xdrip(server, cred);
    expect((await phone.post('entries', reading())).status).toBe(200);
    expect((await phone.post('entries', reading())).status).toBe(200);
    const before = await glucoseCount();
    await owner(sql`delete from ns_upload_credentials where id = ${cred.id}`);
    const res = await phone.post('entries', reading());
    expect(res.status).toBe(401);
    expect(await glucoseCount()).toBe(before);
  });

  it('is refused when the credential now has another secret', async () => {
    const cred = await newCredential(ann);
    const phone = xdrip(server, cred);
    expect((await phone.post('entries', reading())).status).toBe(200);
    const before = await glucoseCount();
    await owner(sql`update ns_upload_credentials set secret_hash = repeat('0', 64) where id = ${cred.id}`);
    expect((await phone.post('entries', reading())).status).toBe(401);
    expect(await glucoseCount()).toBe(before);
  });

  it('answers 429 and stores nothing once the address has spent its budget', async () => {
    const phone = xdrip(server, await newCredential(ann));
    expect((await phone.post('entries', reading())).status).toBe(200);
    const before = await glucoseCount();
    try {
      await owner(
        sql`update auth.rate_limit set points = ${NS_REQUESTS_PER_IP.points} where key like 'ns-api%'`,
      );
      const res = await phone.post('entries', reading());
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await glucoseCount()).toBe(before);
    } finally {
      await owner(sql`delete from auth.rate_limit where key like 'ns-api%'`);
    }
  });

  it('refuses a wrong secret for a remembered address, whatever its body', async () => {
    const cred = await newCredential(ann);
    expect((await xdrip(server, cred).post('entries', reading())).status).toBe(200);
    const before = await glucoseCount();
    const res = await xdrip(server, cred, sha1('not-the-secret')).post('entries', reading());
    expect(res.status).toBe(401);
    expect(await glucoseCount()).toBe(before);
  });
});
