import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';

/*
 * GET /api/v1/glucose/patterns while a guardian acts for a ward (households): the patterns are the
 * ward's, and their words name her, as the pattern screen and the assistant say them.
 */

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
type Client = Pick<TestClient, 'post' | 'get'>;

/** Eleven after-meal readings of 250 mg/dL over the last 11 days: the post-meal spikes pattern. */
const logSpikes = async (client: Client) => {
  for (let i = 1; i <= 11; i++) {
    const res = await client.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: daysAgo(i),
      data: { glucose: 250, timing: 'after_meal' },
    });
    expect(res.status).toBe(201);
  }
};

const descriptions = async (client: Client) => {
  const res = await client.get('/api/v1/glucose/patterns');
  expect(res.status).toBe(200);
  return ((await res.json()).patterns as { id: string; description: string }[]).map(
    (p) => `${p.id}: ${p.description}`,
  );
};

let server: TestServer;
let mum: TestClient;
let mia: ReturnType<typeof actingFor>;

beforeAll(async () => {
  server = await createTestServer();
  mum = (await signUpAndSignIn(server, 'mum-patterns@example.com')).client;
  mia = actingFor(mum, await addPerson(mum, 'Mia'));
  await logSpikes(mia);
  await logSpikes(mum);
});
afterAll(() => server.close());

describe('glucose patterns for whose record it is', () => {
  it('names the ward in her patterns while a guardian acts for her', async () => {
    expect(await descriptions(mia)).toEqual([
      'post_meal_spikes: Many of Mia’s after-meal readings are above 200 mg/dL.',
    ]);
  });

  it('still speaks to the account of its own patterns', async () => {
    expect(await descriptions(mum)).toEqual([
      'post_meal_spikes: Many of your after-meal readings are above 200 mg/dL.',
    ]);
  });

  it('names the ward as her profile (and the household) names her', async () => {
    const zoe = actingFor(mum, await addPerson(mum, 'Zoe'));
    await logSpikes(zoe);
    // Her profile's name, changed while acting for her; her account keeps the name she was added with.
    expect((await zoe.patch('/api/v1/profile', { displayName: 'Zoë' })).status).toBe(200);
    expect(await descriptions(zoe)).toEqual([
      'post_meal_spikes: Many of Zoë’s after-meal readings are above 200 mg/dL.',
    ]);
  });
});
