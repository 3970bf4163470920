import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { sha1 } from '../../../test/nightscout-apps';
import { glucoseReadings, householdFollowerTokens } from '../../db/schema';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const FOLLOW = '/api/v1/household/follow';
const MIN = 60_000;

/** What a follower app does: a GET with the token as Bearer, no cookie. */
const follow = (token: string, init: RequestInit = {}) =>
  server.app.request(FOLLOW, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
const seen = async (token: string) => {
  const res = await follow(token);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as {
    people: { displayName: string; reading: { valueMgdl: number; delta: number | null } | null }[];
  };
  return body.people.map((p) => [p.displayName, p.reading?.valueMgdl ?? null]);
};
const log = async (as: { post: TestClient['post'] }, mgdls: number[]) => {
  const now = Date.now();
  const readings = mgdls.map((mgdl, i) => ({
    at: new Date(now - (mgdls.length - i) * 5 * MIN).toISOString(),
    mgdl,
  }));
  const res = await as.post('/api/v1/glucose/readings/batch', { source: 'import:libreview', readings });
  expect(res.status, await res.clone().text()).toBe(200);
};
const makeToken = async (client: TestClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/v1/household/followers', body);
  return { status: res.status, body: await res.json() };
};

describe('household follower tokens', () => {
  let parent: Awaited<ReturnType<typeof signUpAndSignIn>>;
  let mia: string;
  let leo: string;
  beforeAll(async () => {
    parent = await signUpAndSignIn(server, 'hf-parent@example.com');
    await parent.client.patch('/api/v1/profile', { displayName: 'Dana' });
    mia = await addPerson(parent.client, 'Mia');
    leo = await addPerson(parent.client, 'Leo');
    await log(actingFor(parent.client, mia), [120, 131]);
    await log(actingFor(parent.client, leo), [88]);
    await log(parent.client, [101]);
  });

  it('a token for the whole household reads everyone’s latest reading, shown once and hashed at rest', async () => {
    const made = await makeToken(parent.client, { name: 'Grandma’s phone' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Grandma’s phone', people: null });
    expect(made.body.followUrl).toMatch(/\/api\/v1\/household\/follow$/);
    const token = made.body.token as string;
    expect(await seen(token)).toEqual([
      ['Dana', 101],
      ['Leo', 88],
      ['Mia', 131],
    ]);
    // The arrow's data: the change since the reading before.
    const mias = (
      (await (await follow(token)).json()) as { people: { displayName: string; reading: unknown }[] }
    ).people.find((p) => p.displayName === 'Mia');
    expect(mias?.reading).toMatchObject({ valueMgdl: 131, delta: 11, trend: 'up' });
    // `?token=` works too (widgets that take one address), and the token is never listed again.
    expect((await server.app.request(`${FOLLOW}?token=${token}`)).status).toBe(200);
    const listed = await (await parent.client.get('/api/v1/household/followers')).text();
    expect(listed).toContain('Grandma’s phone');
    expect(listed).not.toContain(token);
    const stored = await server.deps.db.asSystem((tx) => tx.select().from(householdFollowerTokens));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('a token for one ward reads that ward only, and stops at once when the guardian no longer keeps them', async () => {
    const second = await signUpAndSignIn(server, 'hf-second@example.com');
    // The second guardian keeps Leo too (the database row an accepted invitation writes).
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into guardianships (person_id, guardian_id) values (${leo}, ${second.userId})`),
    );
    const made = await makeToken(second.client, { name: 'School nurse', personIds: [leo] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.people).toEqual([{ personId: leo, displayName: 'Leo' }]);
    expect(await seen(made.body.token)).toEqual([['Leo', 88]]);
    const removed = await parent.client.delete(`/api/v1/household/people/${leo}/guardians/${second.userId}`);
    expect(removed.status).toBe(204);
    expect(await seen(made.body.token)).toEqual([]);
  });

  it('another household’s person answers 404, and the database alone keeps them out', async () => {
    const stranger = await signUpAndSignIn(server, 'hf-stranger@example.com');
    const theirs = await addPerson(stranger.client, 'Noa');
    await log(actingFor(stranger.client, theirs), [77]);
    const asked = await makeToken(parent.client, { name: 'Peek', personIds: [mia, theirs] });
    expect(asked.status).toBe(404);
    expect(asked.body.code).toBe('person_not_found');
    // A token row naming Noa (as if the app had forgotten its check): the policies still answer nothing of hers.
    const ok = await makeToken(parent.client, { name: 'Mia only', personIds: [mia] });
    await server.deps.db.asSystem((tx) =>
      tx.execute(
        sql`update household_follower_tokens set person_ids = array[${mia}::uuid, ${theirs}::uuid] where id = ${ok.body.id}`,
      ),
    );
    expect(await seen(ok.body.token)).toEqual([['Mia', 131]]);
  });

  it('a revoked token answers 401 from its next request; an unknown one too', async () => {
    const made = await makeToken(parent.client, { name: 'Old tablet', personIds: [mia] });
    expect((await follow(made.body.token)).status).toBe(200);
    expect((await parent.client.delete(`/api/v1/household/followers/${made.body.id}`)).status).toBe(204);
    const refused = await follow(made.body.token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('follower_token_invalid');
    expect((await follow(`household-${'0'.repeat(40)}`)).status).toBe(401);
    expect((await server.app.request(FOLLOW)).status).toBe(401);
    // Another account cannot revoke (or see) this household's tokens.
    const other = await makeToken(parent.client, { name: 'Kept', personIds: [mia] });
    const outsider = await signUpAndSignIn(server, 'hf-outsider@example.com');
    expect((await outsider.client.delete(`/api/v1/household/followers/${other.body.id}`)).status).toBe(404);
    expect((await outsider.client.get('/api/v1/household/followers')).status).toBe(200);
    expect((await (await outsider.client.get('/api/v1/household/followers')).json()).items).toEqual([]);
    expect(await seen(other.body.token)).toEqual([['Mia', 131]]);
  });

  it('the token never writes: not here, not as an API key, not as a Nightscout secret, not in the database', async () => {
    const made = await makeToken(parent.client, { name: 'Read only', personIds: [mia] });
    const token = made.body.token as string;
    const post = await follow(token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([404, 405]).toContain(post.status);
    const asApi = await server.app.request('/api/v1/glucose/readings/batch', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        source: 'import:libreview',
        readings: [{ at: new Date().toISOString(), mgdl: 40 }],
      }),
    });
    expect(asApi.status).toBe(401);
    const asNightscout = await server.app.request('/api/v1/entries', {
      method: 'POST',
      headers: { 'api-secret': sha1(token), 'content-type': 'application/json' },
      body: JSON.stringify([{ type: 'sgv', sgv: 40, date: Date.now(), device: 'x' }]),
    });
    expect(asNightscout.status).toBe(401);
    await expect(
      server.deps.db.readAsFollowToken(made.body.id, (tx) =>
        tx
          .insert(glucoseReadings)
          .values({ userId: mia, valueMgdl: 40, recordedAt: new Date(), source: 'cgm' }),
      ),
    ).rejects.toThrow();
    expect(await seen(token)).toEqual([['Mia', 131]]);
  });

  it('refuses a nameless token and more than one entry per person', async () => {
    expect((await makeToken(parent.client, { name: ' ' })).status).toBe(400);
    expect((await makeToken(parent.client, { name: 'Twice', personIds: [mia, mia] })).status).toBe(400);
    expect((await makeToken(parent.client, { name: 'Nobody', personIds: [] })).status).toBe(400);
  });
});
