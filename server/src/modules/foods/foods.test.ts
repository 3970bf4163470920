import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'foods-alice@example.com')).client;
  bob = (await signUpAndSignIn(server, 'foods-bob@example.com')).client;
});
afterAll(() => server.close());

describe('custom foods', () => {
  it('adds, lists (by name) and removes the user’s own foods', async () => {
    const granola = await alice.post('/api/v1/foods/custom', {
      name: "Grandma's granola",
      carbs_per_100g: 64.5,
      serving_size: '1/2 cup (50 g)',
    });
    expect(granola.status).toBe(201);
    const food = await granola.json();
    expect(food).toMatchObject({
      name: "Grandma's granola",
      carbs_per_100g: 64.5,
      serving_size: '1/2 cup (50 g)',
    });
    await alice.post('/api/v1/foods/custom', { name: 'Arepa', carbs_per_100g: 40 });
    const list = await (await alice.get('/api/v1/foods/custom')).json();
    expect(list.items.map((f: { name: string }) => f.name)).toEqual(['Arepa', "Grandma's granola"]);
    expect((await alice.delete(`/api/v1/foods/custom/${food.id}`)).status).toBe(204);
    expect((await (await alice.get('/api/v1/foods/custom')).json()).items).toHaveLength(1);
  });

  it('refuses duplicates and impossible values with clear messages', async () => {
    const dup = await alice.post('/api/v1/foods/custom', { name: 'Arepa', carbs_per_100g: 41 });
    expect(dup.status).toBe(409);
    const bad = await alice.post('/api/v1/foods/custom', { name: ' ', carbs_per_100g: 140 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Enter the food’s name', 'Carbs per 100 g cannot be more than 100']),
    );
  });

  it('keeps each user’s foods private', async () => {
    const mine = await (
      await alice.post('/api/v1/foods/custom', { name: 'Secret stew', carbs_per_100g: 12 })
    ).json();
    expect((await (await bob.get('/api/v1/foods/custom')).json()).items).toEqual([]);
    expect((await bob.delete(`/api/v1/foods/custom/${mine.id}`)).status).toBe(404);
    const names = (await (await alice.get('/api/v1/foods/custom')).json()).items.map(
      (f: { name: string }) => f.name,
    );
    expect(names).toContain('Secret stew');
  });
});
