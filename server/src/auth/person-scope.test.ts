import { PERSON_HEADER } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../test/harness';
import { actingFor, addPerson } from '../../test/household';

let server: TestServer;
let parent: { client: TestClient; userId: string };
let miaId: string;
beforeAll(async () => {
  server = await createTestServer();
  parent = await signUpAndSignIn(server, 'scope-parent@example.com');
  miaId = await addPerson(parent.client, 'Mia');
});
afterAll(() => server.close());

/** Routes that act for the signed-in account whatever the header says (the contract's list). */
const ACCOUNT_LEVEL = [
  /^\/api\/v1\/household(\/|$)/,
  /^\/api\/v1\/admin\//,
  /^\/api\/v1\/me(\/|$)/,
  /^\/api\/v1\/notifications\/stream$/,
  /^\/api\/v1\/push\//,
];

type Operation = { security?: unknown[] };

/** Every signed-in operation of the API that reads or writes a person's data, from the OpenAPI document. */
const personScopedOperations = async () => {
  const doc = (await (await server.client().get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    path.startsWith('/api/v1/') && !ACCOUNT_LEVEL.some((re) => re.test(path))
      ? Object.entries(ops)
          .filter(([, op]) => (op.security ?? []).length > 0)
          .map(([method, _]) => ({
            method: method.toUpperCase(),
            // Any id: the guardianship is checked before the route looks at anything else.
            path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
          }))
      : [],
  );
};

describe('acting for a person', () => {
  it('a stranger naming Mia gets 404 person_not_found on every person-scoped route', async () => {
    const stranger = await signUpAndSignIn(server, 'scope-stranger@example.com');
    const operations = await personScopedOperations();
    // The document lists the person's whole record: trackers, glucose, documents, devices, sharing…
    expect(operations.length).toBeGreaterThan(60);
    for (const prefix of [
      '/api/v1/entries',
      '/api/v1/glucose/',
      '/api/v1/documents',
      '/api/v1/shares',
      '/api/v1/devices/nightscout/credentials',
    ])
      expect(
        operations.some((o) => o.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
    const as = actingFor(stranger.client, miaId);
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await as.request(
        op.method,
        op.path,
        op.method === 'GET' || op.method === 'HEAD' ? undefined : {},
      );
      const code = res.status === 404 ? (await res.json()).code : undefined;
      if (code !== 'person_not_found') wrong.push(`${op.method} ${op.path} → ${res.status} ${code ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a malformed or unknown person, or the query parameter, answers the same 404', async () => {
    for (const person of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await parent.client.get('/api/v1/profile', { [PERSON_HEADER]: person });
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('person_not_found');
    }
    const stranger = await signUpAndSignIn(server, 'scope-query@example.com');
    const res = await stranger.client.get(`/api/v1/glucose/readings?person=${miaId}`);
    expect(res.status).toBe(404);
    // The parameter is the scope, not the route's: a guardian's GET with it is valid.
    const ok = await parent.client.get(`/api/v1/glucose/readings?limit=5&person=${miaId}`);
    expect(ok.status).toBe(200);
  });

  it('a guardian writes in the person’s scope; the audit row names the person and the guardian', async () => {
    const mia = actingFor(parent.client, miaId);
    const at = new Date(Date.now() - 20 * 60_000).toISOString();
    const res = await mia.post('/api/v1/entries', {
      tracker: 'weight',
      occurredAt: at,
      data: { weight: 30, weightUnit: 'kg' },
    });
    expect(res.status).toBe(201);
    const entry = await res.json();
    // Mia's, not the parent's.
    expect((await (await parent.client.get('/api/v1/entries?tracker=weight')).json()).items).toEqual([]);
    expect(
      (await (await mia.get('/api/v1/entries?tracker=weight')).json()).items.map((e: { id: string }) => e.id),
    ).toEqual([entry.id]);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ user_id: string; actor_id: string | null }>(
        sql`select user_id, actor_id from audit_logs where resource_id = ${entry.id} and action = 'create'`,
      ),
    );
    expect(rows).toEqual([{ user_id: miaId, actor_id: parent.userId }]);
    // Mia's history says who acted.
    const history = await (await mia.get('/api/v1/audit?limit=5')).json();
    const row = history.items.find((i: { resourceId: string }) => i.resourceId === entry.id);
    expect(row.actor).toEqual({ id: parent.userId, displayName: 'scope-parent' });
    // The parent's own rows name nobody else.
    const own = await (await parent.client.get('/api/v1/audit?limit=5')).json();
    expect(own.items.every((i: { actor: unknown }) => i.actor === null)).toBe(true);
  });

  it('a removed guardian loses access on the next request', async () => {
    const second = await signUpAndSignIn(server, 'scope-second@example.com');
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into guardianships (person_id, guardian_id) values (${miaId}, ${second.userId})`),
    );
    const mia = actingFor(second.client, miaId);
    expect((await mia.get('/api/v1/profile')).status).toBe(200);
    expect(
      (await parent.client.delete(`/api/v1/household/people/${miaId}/guardians/${second.userId}`)).status,
    ).toBe(204);
    const res = await mia.get('/api/v1/profile');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('person_not_found');
  });

  it('account-level routes ignore the header', async () => {
    const res = await parent.client.get('/api/v1/me/roles', { [PERSON_HEADER]: miaId });
    expect(res.status).toBe(200);
    const household = await (await parent.client.get('/api/v1/household', { [PERSON_HEADER]: miaId })).json();
    expect(household.account.id).toBe(parent.userId);
  });
});
