import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import {
  APP_URL,
  createTestServer,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { startSmartFhirServer } from '../../../test/smart-fhir-server';
import { queueDueSyncs } from './connections.service';
import { scopesFor } from './smart-client';

const P = '/api/v1/health-systems';
const REDIRECT = `${APP_URL}/api/v1/health-systems/callback`;

let server: TestServer;
let hospital: Awaited<ReturnType<typeof startSmartFhirServer>>;
let insurer: Awaited<ReturnType<typeof startSmartFhirServer>>;
let admin: TestClient;
let hospitalId: string;

const jwks = async () => (await server.client().get('/.well-known/jwks.json')).json();

beforeAll(async () => {
  hospital = await startSmartFhirServer({
    clients: [{ clientId: 'hf-public', type: 'public', redirectUri: REDIRECT }],
  });
  insurer = await startSmartFhirServer({
    clients: [{ clientId: 'hf-confidential', type: 'confidential', redirectUri: REDIRECT, jwks }],
    scopes: 'v1',
  });
  server = await createTestServer({}, { OUTBOUND_ALLOW: `${hospital.origin},${insurer.origin}` });
  admin = (await signInAdmin(server, 'hs-admin@example.com')).client;
  // The admin imports the vendor's User-access Brands bundle, then sets the client id registered there.
  const imported = await admin.post('/api/v1/admin/health-systems/brands', {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        fullUrl: 'urn:Organization/riverside',
        resource: {
          resourceType: 'Organization',
          id: 'riverside',
          name: 'Riverside Health',
          endpoint: [{ reference: 'urn:Endpoint/riverside-r4' }],
        },
      },
      {
        fullUrl: 'urn:Endpoint/riverside-r4',
        resource: {
          resourceType: 'Endpoint',
          id: 'riverside-r4',
          status: 'active',
          address: `${hospital.fhirBaseUrl}/`,
        },
      },
    ],
  });
  expect(await imported.json()).toEqual({ added: 1, updated: 0 });
  const list = await (await admin.get('/api/v1/admin/health-systems')).json();
  expect(list.redirectUri).toBe(REDIRECT);
  expect(list.jwksUrl).toBe(`${APP_URL}/.well-known/jwks.json`);
  hospitalId = list.endpoints[0].id;
  expect(list.endpoints[0]).toMatchObject({
    name: 'Riverside Health',
    brand: 'Riverside Health',
    clientId: null,
  });
  const patched = await admin.patch(`/api/v1/admin/health-systems/${hospitalId}`, { clientId: 'hf-public' });
  expect(patched.status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await hospital.close();
  await insurer.close();
});

/** Connect → the server's (auto-approving) authorize page → back to the callback with the code. */
const connect = async (client: TestClient, endpointId: string) => {
  const start = await client.post(`${P}/connect`, { endpointId });
  expect(start.status).toBe(200);
  const { authorizeUrl, scopesRequested } = await start.json();
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return { back, scopesRequested, callback: () => client.get(back.pathname + back.search) };
};
const connectedId = async (client: TestClient, endpointId: string) => {
  const res = await (await connect(client, endpointId)).callback();
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!, APP_URL);
  expect(to.pathname).toBe('/dashboard/health-systems');
  return to.searchParams.get('connected')!;
};
const connection = async (client: TestClient, id: string) =>
  (await (await client.get(`${P}/connections`)).json()).connections.find((c: { id: string }) => c.id === id);
const syncNow = async (client: TestClient, id: string) => {
  expect((await client.post(`${P}/connections/${id}/sync`)).status).toBe(202);
  await server.deps.jobs.runOnce();
  return connection(client, id);
};

describe('connecting a health system', () => {
  let alice: Awaited<ReturnType<typeof signUpAndSignIn>>;
  let aliceConn: string;

  it('shows what the server offers and every scope it would ask for, before anything else happens', async () => {
    alice = await signUpAndSignIn(server, 'hs-alice@example.com');
    const listed = await (await alice.client.get(`${P}/endpoints?q=river`)).json();
    expect(listed.endpoints).toEqual([
      {
        id: hospitalId,
        name: 'Riverside Health',
        kind: 'provider',
        fhirBaseUrl: hospital.fhirBaseUrl,
        brand: 'Riverside Health',
      },
    ]);
    const res = await alice.client.post(`${P}/discover`, { fhirBaseUrl: `${hospital.fhirBaseUrl}/` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      fhirBaseUrl: hospital.fhirBaseUrl,
      authorizationEndpoint: `${hospital.origin}/authorize`,
      tokenEndpoint: `${hospital.origin}/token`,
      revocationEndpoint: `${hospital.origin}/revoke`,
      scopesRequested: ['launch/patient', 'openid', 'fhirUser', 'offline_access', 'patient/*.rs'],
      pkce: true,
      endpointId: hospitalId,
      canConnect: true,
    });
    // A server this instance is not set up for: said in words, with who can change it (no "client ID").
    const unknown = await alice.client.post(`${P}/discover`, { fhirBaseUrl: insurer.fhirBaseUrl });
    expect(await unknown.json()).toMatchObject({
      canConnect: false,
      reason:
        'This Healthfolio is not set up to connect to this health system yet: whoever runs it can add it in the admin console.',
    });
  });

  it('connects with PKCE the server verifies, then a sync brings the lab results, conditions and the document', async () => {
    aliceConn = await connectedId(alice.client, hospitalId);
    expect(hospital.log.token).toEqual([
      { grantType: 'authorization_code', clientAuth: 'none', pkceVerified: true },
    ]);
    await server.deps.jobs.runOnce();
    const c = await connection(alice.client, aliceConn);
    expect(c).toMatchObject({ name: 'Riverside Health', status: 'ok', error: null, progress: null });
    expect(c.lastSync.created).toMatchObject({
      labResults: 4,
      conditions: 2,
      allergies: 1,
      vitalSigns: 2,
      documents: 1,
    });
    expect(c.scopes).toContain('patient/*.rs');
    // Paging: the server gives two resources a page; the sync followed its `next` links.
    expect(hospital.log.fhir.some((r) => r.query.has('_offset'))).toBe(true);
    const labs = await (await alice.client.get('/api/v1/lab-results?loinc=4548-4')).json();
    const a1c = labs.items ?? labs.results ?? labs;
    expect(JSON.stringify(a1c)).toContain('Riverside Health');
    const summary = await (await alice.client.get('/api/v1/health-summary')).json();
    expect(JSON.stringify(summary)).toContain('Type 2 diabetes mellitus');
    const docs = await (await alice.client.get('/api/v1/documents')).json();
    expect(JSON.stringify(docs)).toContain('Visit summary');
    expect(JSON.stringify(docs)).toContain('Records from Riverside Health');
    // Nothing the browser sees holds a token.
    const raw = JSON.stringify(await (await alice.client.get(`${P}/connections`)).json());
    expect(raw).not.toMatch(/access_token|refresh|Bearer/i);
    const [audit] = (await auditRows(server, 'import')).filter((r) => r.resource_id === aliceConn);
    expect(audit?.details).toMatchObject({ created: { labResults: 4 } });
  });

  it('syncs again with _lastUpdated: nothing new changes nothing; a new result at the portal comes alone', async () => {
    const again = await syncNow(alice.client, aliceConn);
    expect(again.lastSync).toEqual({ created: {}, skipped: 0 });
    const lastObservation = hospital.log.fhir.findLast((r) => r.path === '/Observation');
    expect(lastObservation?.query.get('_lastUpdated')).toMatch(/^gt\d{4}-/);
    hospital.addLabResult({ loinc: '2160-0', name: 'Creatinine', value: 1.0, unit: 'mg/dL' });
    hospital.addLabResult({ loinc: '4548-4', name: 'Hemoglobin A1c', value: 6.5, unit: '%' });
    const third = await syncNow(alice.client, aliceConn);
    expect(third.lastSync.created).toEqual({ labResults: 2 });
    expect(third.status).toBe('ok');
  });

  it('refreshes an expired access token with the refresh token', async () => {
    hospital.expireAccessTokens();
    const before = hospital.log.token.length;
    const c = await syncNow(alice.client, aliceConn);
    expect(c).toMatchObject({ status: 'ok', error: null });
    expect(hospital.log.token.slice(before).map((t) => t.grantType)).toEqual(['refresh_token']);
  });

  it('the nightly sync queues each connection once its day has passed, then a day later again', async () => {
    await server.deps.db.asSystem((tx) =>
      tx.execute(
        sql`update health_system_connections set next_sync_at = now() - interval '1 minute' where id = ${aliceConn}`,
      ),
    );
    const before = (await connection(alice.client, aliceConn)).lastSyncAt;
    expect(await queueDueSyncs(server.deps.db)).toBe(1);
    expect(await queueDueSyncs(server.deps.db)).toBe(0);
    // "Sync now" meanwhile adds no second sync of the same connection (it would spend the refresh token twice).
    expect((await alice.client.post(`${P}/connections/${aliceConn}/sync`)).status).toBe(202);
    const { rows: queued } = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select 1 from jobs where payload->>'connectionId' = ${aliceConn} and state = 'queued'`),
    );
    expect(queued).toHaveLength(1);
    await server.deps.jobs.runOnce();
    const c = await connection(alice.client, aliceConn);
    expect(c.status).toBe('ok');
    expect(c.lastSyncAt > before).toBe(true);
  });

  it("answers 404 for someone else's connection", async () => {
    const bob = await signUpAndSignIn(server, 'hs-bob@example.com');
    expect((await bob.client.post(`${P}/connections/${aliceConn}/sync`)).status).toBe(404);
    expect((await bob.client.delete(`${P}/connections/${aliceConn}`)).status).toBe(404);
    expect((await (await bob.client.get(`${P}/connections`)).json()).connections).toEqual([]);
  });

  it('refuses a state used twice, and one from another browser session', async () => {
    const flow = await connect(alice.client, hospitalId);
    const bob = await signUpAndSignIn(server, 'hs-bob2@example.com');
    const stolen = await bob.client.get(flow.back.pathname + flow.back.search);
    expect(stolen.headers.get('location')).toBe('/dashboard/health-systems?error=expired');
    // The state was spent by that attempt: the owner's own replay is refused too.
    expect((await flow.callback()).headers.get('location')).toBe('/dashboard/health-systems?error=expired');
    const signedOut = await connect(alice.client, hospitalId);
    const stranger = server.client();
    const noSession = await stranger.get(signedOut.back.pathname + signedOut.back.search);
    expect(noSession.headers.get('location')).toBe('/dashboard/health-systems?error=expired');
    const fresh = await connect(alice.client, hospitalId);
    expect((await fresh.callback()).headers.get('location')).toMatch(/connected=/);
    expect((await fresh.callback()).headers.get('location')).toBe('/dashboard/health-systems?error=expired');
  });

  it('disconnects: revokes at the server and deletes the tokens here; the records stay', async () => {
    const live = hospital.liveTokens();
    expect((await alice.client.delete(`${P}/connections/${aliceConn}`)).status).toBe(204);
    expect(hospital.log.revoked).toHaveLength(2);
    expect(hospital.liveTokens()).toBe(live - 2);
    expect((await (await alice.client.get(`${P}/connections`)).json()).connections).toEqual([]);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select 1 from health_system_connections where id = ${aliceConn}`),
    );
    expect(rows).toEqual([]);
    const labs = JSON.stringify(await (await alice.client.get('/api/v1/lab-results?loinc=4548-4')).json());
    expect(labs).toContain('Riverside Health');
  });
});

describe('a confidential client (private_key_jwt) at an insurer', () => {
  it('signs its client assertion with the instance key the JWKS publishes (public half only)', async () => {
    const keys = await jwks();
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).not.toHaveProperty('d');
    const created = await admin.post('/api/v1/admin/health-systems', {
      name: 'Lakeside Health Plan',
      kind: 'payer',
      fhirBaseUrl: insurer.fhirBaseUrl,
      clientId: 'hf-confidential',
      clientType: 'confidential',
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const carol = await signUpAndSignIn(server, 'hs-carol@example.com');
    const flow = await connect(carol.client, id);
    // The insurer advertises only SMART v1 scopes: the fallback asks for patient/*.read.
    expect(flow.scopesRequested).toContain('patient/*.read');
    expect((await flow.callback()).headers.get('location')).toMatch(/connected=/);
    expect(insurer.log.token).toEqual([
      { grantType: 'authorization_code', clientAuth: 'private_key_jwt', pkceVerified: true },
    ]);
    await server.deps.jobs.runOnce();
    const [c] = (await (await carol.client.get(`${P}/connections`)).json()).connections;
    expect(c).toMatchObject({ kind: 'payer', status: 'ok' });
    expect(insurer.log.fhir.some((r) => r.path === '/ExplanationOfBenefit')).toBe(true);
    // The insurer's records land in Insurance & Claims: the plan, and the claim with its amounts.
    const plans = (await (await carol.client.get('/api/v1/insurance/plans')).json()).items;
    const claims = (await (await carol.client.get('/api/v1/insurance/claims')).json()).items;
    expect(plans).toMatchObject([{ name: 'Example Health Plan', memberNumber: 'M-20417' }]);
    expect(claims).toMatchObject([
      {
        claimNumber: 'CLM-2026-0604',
        amountCents: 24_000,
        coveredCents: 18_000,
        insurancePlanId: plans[0].id,
      },
    ]);
    expect(c.lastSync.created).toMatchObject({ insurancePlans: 1, claims: 1 });
    // The sealed tokens die with the account.
    expect((await carol.client.request('DELETE', '/api/v1/me', { password: PASSWORD })).status).toBeLessThan(
      300,
    );
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute(sql`select 1 from health_system_connections where user_id = ${carol.userId}`),
    );
    expect(rows).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses an address that is not https, or a private address, in words that name the rule', async () => {
    const dave = await signUpAndSignIn(server, 'hs-dave@example.com');
    const http = await dave.client.post(`${P}/discover`, { fhirBaseUrl: 'http://fhir.example.com/r4' });
    expect(http.status).toBe(422);
    expect((await http.json()).detail).toMatch(/not https/);
    const priv = await dave.client.post(`${P}/discover`, { fhirBaseUrl: 'https://10.0.0.8/fhir' });
    expect(priv.status).toBe(422);
    expect((await priv.json()).detail).toMatch(/private address/);
  });

  it('a refused refresh asks to connect again, in words', async () => {
    const erin = await signUpAndSignIn(server, 'hs-erin@example.com');
    const id = await connectedId(erin.client, hospitalId);
    await server.deps.jobs.runOnce();
    hospital.refuseRefresh();
    const c = await syncNow(erin.client, id);
    expect(c).toMatchObject({
      status: 'reconnect',
      error: "The hospital's server refused the saved sign-in: connect again",
    });
  });
});

describe('brands bundles', () => {
  it("takes a vendor's bundle past the 1 MB JSON limit, and a newer one updates instead of adding", async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: Array.from({ length: 600 }, (_, i) => [
        {
          fullUrl: `urn:Organization/o${i}`,
          resource: {
            resourceType: 'Organization',
            id: `o${i}`,
            name: `Clinic ${i}`,
            type: i % 2 ? [{ coding: [{ code: 'ins' }] }] : [],
            text: { status: 'generated', div: `<div>${'x'.repeat(2000)}</div>` },
            endpoint: [{ reference: `urn:Endpoint/e${i}` }],
          },
        },
        {
          fullUrl: `urn:Endpoint/e${i}`,
          resource: { resourceType: 'Endpoint', address: `https://fhir${i}.example.org/r4` },
        },
      ]).flat(),
    };
    expect(JSON.stringify(bundle).length).toBeGreaterThan(1024 * 1024);
    expect(await (await admin.post('/api/v1/admin/health-systems/brands', bundle)).json()).toEqual({
      added: 600,
      updated: 0,
    });
    expect(await (await admin.post('/api/v1/admin/health-systems/brands', bundle)).json()).toEqual({
      added: 0,
      updated: 600,
    });
    const { endpoints } = await (await admin.get('/api/v1/admin/health-systems')).json();
    expect(endpoints.find((e: { name: string }) => e.name === 'Clinic 1')).toMatchObject({
      kind: 'payer',
      clientId: null,
    });
    const notABundle = await admin.post('/api/v1/admin/health-systems/brands', { resourceType: 'Patient' });
    expect(notABundle.status).toBe(400);
  });
});

describe('scopes', () => {
  it('asks for the per-type scopes a server lists when it offers no wildcard', () => {
    expect(
      scopesFor({
        scopesSupported: ['openid', 'launch/patient', 'patient/Observation.read', 'patient/Foo.read'],
        capabilities: [],
      }),
    ).toEqual(['launch/patient', 'openid', 'patient/Observation.read']);
  });
});
