import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { OFFSET, startLibreLinkUpStub } from '../../../test/librelinkup-stub';
import { createLogger } from '../../http/log-safety';

const PATH = '/api/v1/devices/librelinkup';
const PASSWORD = 'Libre-Pa55word!';

let stub: Awaited<ReturnType<typeof startLibreLinkUpStub>>;
/** A listener no pull may reach: loopback, but not among the origins OUTBOUND_ALLOW admits. */
let trap: Server;
let trapHits = 0;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  trap = createServer((_req, res) => {
    trapHits++;
    res.end('{}');
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  const trapOrigin = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  // The service's own map: `eu` is the stub's regional host; `xx` points somewhere that is not LibreLinkUp.
  stub = await startLibreLinkUpStub({ regionalMap: (origin) => ({ eu: `${origin}/eu`, xx: trapOrigin }) });
  server = await createTestServer(
    {},
    { OUTBOUND_ALLOW: stub.origin, LIBRELINKUP_URL: stub.origin, LOG_LEVEL: 'debug' },
    { logger: createLogger('debug', { write: (line: string) => void logLines.push(line) }) },
  );
});
afterAll(async () => {
  await server.close();
  await stub.close();
  await new Promise<void>((r) => trap.close(() => r()));
});

const count = async (client: TestClient) =>
  (await (await client.get('/api/v1/glucose/stats?days=3')).json()).statistics?.count ?? 0;
const connect = async (email: string, account: Partial<Parameters<typeof stub.addAccount>[0]> = {}) => {
  const libre = stub.addAccount({ email: `llu-${email}`, password: PASSWORD, region: 'eu', ...account });
  const signed = await signUpAndSignIn(server, email);
  const res = await signed.client.put(PATH, { accountName: libre.email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { ...signed, libre, body: await res.json() };
};

describe('pulling from LibreLinkUp', () => {
  let alice: Awaited<ReturnType<typeof connect>>;

  it('follows the region redirect, signs in as the app does and dates readings by FactoryTimestamp (UTC)', async () => {
    alice = await connect('alice-libre@example.com');
    expect(alice.body).toMatchObject({
      vendor: 'librelinkup',
      status: 'ok',
      problem: null,
      region: 'eu',
      lastImported: 49,
    });
    expect(JSON.stringify(alice.body)).not.toContain(PASSWORD);
    const calls = stub.requests.map((r) => `${r.region} ${r.method} ${r.path}`);
    expect(calls).toEqual([
      'global POST /llu/auth/login',
      'global GET /llu/config/country',
      'eu POST /llu/auth/login',
      'eu GET /llu/connections',
      `eu GET /llu/connections/${alice.libre.id}-patient-0/graph`,
    ]);
    const graph = stub.requests.at(-1)!.headers;
    expect(graph.product).toBe('llu.android');
    expect(graph.version).toBe('4.16.0');
    expect(graph['account-id']).toBe(createHash('sha256').update(alice.libre.id).digest('hex'));
    expect(graph.authorization).toMatch(/^Bearer /);

    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ at: Date; value: number; trend: string | null; source: string }>(
        sql`select recorded_at as at, value_mgdl as value, trend, source from glucose_readings
          where user_id = ${alice.userId} order by recorded_at`,
      ),
    );
    expect(rows).toHaveLength(49);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['device:librelinkup']));
    // History to the second as FactoryTimestamp gives it (the local Timestamp is an hour off here).
    expect(new Date(rows[0]!.at).getTime()).toBe(Math.floor(stub.history[0]!.ms / 1000) * 1000);
    const last = rows.at(-1)!;
    expect(new Date(last.at).getTime()).toBe(Math.floor(stub.current.ms / 1000) * 1000);
    expect([Number(last.value), last.trend]).toEqual([142, 'Flat']);
    expect(rows.filter((r) => r.trend !== null)).toHaveLength(1);

    const stored = await server.deps.db.asSystem((tx) => tx.execute(sql`select * from vendor_pull_sources`));
    expect(JSON.stringify(stored.rows)).not.toContain(PASSWORD);
  });

  it('a second pull keeps the session and region, and adds nothing', async () => {
    stub.requests.length = 0;
    const again = await (await alice.client.post(`${PATH}/sync`)).json();
    expect(again).toMatchObject({ status: 'ok', lastImported: 0, region: 'eu' });
    expect(stub.requests.map((r) => `${r.region} ${r.path}`)).toEqual([
      `eu /llu/connections/${alice.libre.id}-patient-0/graph`,
    ]);
    expect(await count(alice.client)).toBe(49);
  });

  it('signs in again once when LibreLinkUp no longer takes the token', async () => {
    stub.forgetTokens();
    stub.requests.length = 0;
    const body = await (await alice.client.post(`${PATH}/sync`)).json();
    expect(body).toMatchObject({ status: 'ok' });
    expect(stub.requests.map((r) => `${r.region} ${r.method} ${r.path}`)).toEqual([
      `eu GET /llu/connections/${alice.libre.id}-patient-0/graph`,
      'eu POST /llu/auth/login',
      `eu GET /llu/connections/${alice.libre.id}-patient-0/graph`,
    ]);
  });

  it('asks which person to pull when the account follows two, then pulls only the one chosen', async () => {
    const libre = stub.addAccount({
      email: 'llu-parent@example.com',
      password: PASSWORD,
      region: 'eu',
      patients: 2,
    });
    const { client, userId } = await signUpAndSignIn(server, 'parent-libre@example.com');
    const ask = await client.put(PATH, { accountName: libre.email, password: PASSWORD });
    expect(ask.status).toBe(409);
    expect(ask.headers.get('content-type')).toContain('application/problem+json');
    const problem = await ask.json();
    expect(problem.code).toBe('choose_patient');
    expect(problem.patients).toEqual([
      { patientId: `${libre.id}-patient-0`, firstName: 'Sam', lastInitial: 'E' },
      { patientId: `${libre.id}-patient-1`, firstName: 'Robin', lastInitial: 'S' },
    ]);
    // Names to tell them apart (the list above is exact), no last names and no readings elsewhere in
    // the answer; the random request id is left out, a UUID can hold any digits.
    const { requestId: _requestId, patients: _patients, ...rest } = problem;
    expect(JSON.stringify(rest)).not.toMatch(/Example|Sample|142|242|Mg/);
    expect((await (await client.get(PATH)).json()).configured).toBe(false);
    const unknown = await client.put(PATH, { accountName: libre.email, password: PASSWORD, patientId: 'x' });
    expect([unknown.status, (await unknown.json()).code]).toEqual([409, 'choose_patient']);

    stub.requests.length = 0;
    const chosen = problem.patients[1].patientId;
    const res = await client.put(PATH, { accountName: libre.email, password: PASSWORD, patientId: chosen });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      lastImported: 49,
      region: 'eu',
      patientName: 'Robin S.',
    });
    await client.post(`${PATH}/sync`);
    const graphs = stub.requests.filter((r) => r.path.endsWith('/graph')).map((r) => r.path);
    expect(graphs).toEqual([`/llu/connections/${chosen}/graph`, `/llu/connections/${chosen}/graph`]);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ value: number }>(
        sql`select value_mgdl as value from glucose_readings where user_id = ${userId} order by recorded_at`,
      ),
    );
    // The second person's readings (the first's plus OFFSET), not the first's.
    expect(rows.map((r) => Number(r.value))).toEqual([
      ...stub.history.map((h) => h.value + OFFSET),
      stub.current.value + OFFSET,
    ]);

    // A new password for the same account keeps whose readings they are: no second question.
    stub.requests.length = 0;
    const again = await client.put(PATH, { accountName: libre.email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'ok', patientName: 'Robin S.' });
    expect(stub.requests.filter((r) => r.path.endsWith('/graph')).map((r) => r.path)).toEqual([
      `/llu/connections/${chosen}/graph`,
    ]);
    // Another LibreLinkUp account is asked again (its people are others).
    const other = stub.addAccount({
      email: 'llu-other@example.com',
      password: PASSWORD,
      region: 'eu',
      patients: 2,
    });
    const asked = await client.put(PATH, { accountName: other.email, password: PASSWORD });
    expect([asked.status, (await asked.json()).code]).toEqual([409, 'choose_patient']);
  });

  it('refuses to follow a region redirect to an address that is not LibreLinkUp', async () => {
    const { body, client } = await connect('redirected-libre@example.com', { region: 'xx' });
    expect(body).toMatchObject({ status: 'error', problem: 'region_refused' });
    expect(trapHits).toBe(0);
    expect(await count(client)).toBe(0);
  });

  it('says what LibreLinkUp wants: new terms accepted, a follower connection, the right password', async () => {
    const terms = await connect('terms-libre@example.com', { pendingTerms: true });
    expect(terms.body).toMatchObject({ status: 'error', problem: 'terms' });
    expect(terms.body.nextSyncAt).not.toBeNull();
    const lonely = await connect('lonely-libre@example.com', { patients: 0 });
    expect(lonely.body).toMatchObject({ status: 'error', problem: 'no_connection' });

    const { client } = await signUpAndSignIn(server, 'wrong-libre@example.com');
    const wrong = await (await client.put(PATH, { accountName: alice.libre.email, password: 'nope' })).json();
    expect(wrong).toMatchObject({ status: 'error', problem: 'password_refused', nextSyncAt: null });
    expect((await (await alice.client.get(PATH)).json()).accountName).toBe(alice.libre.email);
  });

  it('reports a retired app version as such', async () => {
    stub.state.minimumVersion = '9.0.0';
    try {
      const body = await (await alice.client.post(`${PATH}/sync`)).json();
      expect(body).toMatchObject({ status: 'error', problem: 'app_version' });
    } finally {
      stub.state.minimumVersion = '4.12.0';
    }
  });

  it('refuses an address that is not an email, and logs no password, email or token', async () => {
    const res = await alice.client.put(PATH, { accountName: 'not an email', password: PASSWORD });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe('accountName');
    const all = logLines.join('\n');
    expect(all).toContain('vendor pull failed');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(alice.libre.email);
    for (const r of stub.requests) {
      const token = r.headers.authorization?.replace('Bearer ', '');
      if (token) expect(all).not.toContain(token);
    }
  });
});
