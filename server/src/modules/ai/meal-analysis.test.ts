import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';
import { type OpenAiStub, startOpenAiStub } from '../../../test/openai-stub';
import { deleteEntry } from '../entries/entries.service';
import { sweepUncitedMealPhotos } from './meal-analysis.service';

const PATH = '/api/v1/ai/meal-photo-analyses';
const MEAL_JSON = {
  foodItems: ['Grilled chicken', 'Rice', 'Broccoli'],
  estimatedCalories: 620,
  carbs: 68,
  nutritionInfo: 'Balanced plate.',
  mealType: 'lunch',
};

let stub: OpenAiStub;
let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let photo: Buffer;

beforeAll(async () => {
  stub = await startOpenAiStub(() => ({ text: JSON.stringify(MEAL_JSON) }));
  server = await createTestServer(
    {},
    {
      AI_BASE_URL: stub.url,
      AI_API_KEY: 'sk-x',
      AI_MODEL: 'chat-model',
      AI_VISION_MODEL: 'vision-model',
      AI_MAX_RETRIES: '0',
    },
  );
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-meal@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-meal@example.com')).client;
  // A phone-sized photo with a location in its metadata.
  photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c84' } })
    .withExif({ IFD0: { Copyright: 'GPS-SECRET' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await server.close();
  await stub.close();
});
beforeEach(() => stub.reset());

// The image itself is the body (the JSON test client would stringify it).
const upload = async (
  client: TestClient,
  body: Buffer,
  type = 'image/jpeg',
  query = '',
): Promise<TestResponse> =>
  server.app.request(`${PATH}${query}`, {
    method: 'POST',
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'content-type': type },
    body: new Uint8Array(body),
  });

/** The objects in the server's encrypted file storage (the test server stores on disk). */
const storedObjects = () => {
  try {
    return readdirSync(join(server.deps.config.dataDir, 'files', 'objects')).filter(
      (n) => !n.includes('.tmp-'),
    );
  } catch {
    return [];
  }
};

const saveMeal = (client: TestClient, data: Record<string, unknown>) =>
  client.post('/api/v1/entries', { tracker: 'meal', occurredAt: new Date().toISOString(), data });

describe('meal photo analysis', () => {
  it('sends the vision model a resized, re-encoded JPEG and returns its structured answer', async () => {
    const res = await upload(alice, photo);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ...MEAL_JSON, model: 'vision-model', parsedFrom: 'json' });
    expect(body.analysis).toBe(
      'Grilled chicken, Rice, Broccoli — ~620 calories, 68 g carbs. Balanced plate.',
    );
    const sent = stub.requests[0]!.body;
    expect(sent.model).toBe('vision-model');
    const url: string = sent.messages[0].content.find((p: { type: string }) => p.type === 'image_url')
      .image_url.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const image = Buffer.from(url.split(',')[1]!, 'base64');
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 683]);
    expect(image.includes(Buffer.from('GPS-SECRET'))).toBe(false);
  });

  it('falls back to the text rules when the model answers in prose', async () => {
    stub.enqueue({ text: 'Looks like breakfast:\n- Pancakes\n- Syrup\nRoughly 540 kcal.' });
    const body = await (await upload(alice, photo)).json();
    expect(body).toMatchObject({
      foodItems: ['Pancakes', 'Syrup'],
      estimatedCalories: 540,
      carbs: null,
      mealType: 'breakfast',
      parsedFrom: 'text',
    });
  });

  it('refuses what is not an image with the spec’s words, and a photo over 10 MB', async () => {
    const fake = await upload(alice, Buffer.from('%PDF-1.4 not an image'), 'image/png');
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ code: 'invalid_file', detail: 'Please select an image file' });
    expect((await upload(alice, photo, 'application/pdf')).status).toBe(400);
    expect((await upload(alice, Buffer.alloc(11 * 1024 * 1024))).status).toBe(413);
    expect(stub.requests).toHaveLength(0);
  });

  it('says the photo could not be analysed when the provider fails, and keeps no photo nobody can reach', async () => {
    const before = storedObjects();
    stub.enqueue({ status: 500 });
    const res = await upload(alice, photo);
    expect(res.status).toBe(502);
    expect((await res.json()).detail).toBe('Could not analyze the photo. Please try again.');
    expect(storedObjects()).toEqual(before);
  });
});

describe('a meal saved from an analysis', () => {
  it('records which figures are the AI’s estimate, from the server’s record of the analysis', async () => {
    const { analysisId } = await (await upload(alice, photo)).json();
    const res = await saveMeal(alice, {
      mealType: 'lunch',
      calories: 620,
      carbs: 68,
      aiAnalysisId: analysisId,
    });
    expect(res.status).toBe(201);
    const entry = await res.json();
    expect(entry.data.aiEstimate).toMatchObject({
      analysisId,
      model: 'vision-model',
      fields: ['calories', 'carbs'],
    });
    expect(entry.data.aiAnalysisId).toBeUndefined();
    // The user corrects the calories: only the carbs stay an estimate.
    const edited = await (
      await alice.patch(`/api/v1/entries/${entry.id}`, { data: { ...entry.data, calories: 700 } })
    ).json();
    expect(edited.data.aiEstimate.fields).toEqual(['carbs']);
  });

  it('refuses an estimate claimed from another user’s analysis, by id or as a ready-made aiEstimate', async () => {
    const { analysisId } = await (await upload(alice, photo)).json();
    const stolen = await saveMeal(bob, { calories: 620, aiAnalysisId: analysisId });
    expect(stolen.status).toBe(400);
    const forged = await saveMeal(bob, {
      calories: 620,
      aiEstimate: { analysisId, model: 'x', analyzedAt: new Date().toISOString(), fields: ['calories'] },
    });
    expect(forged.status).toBe(400);
  });
});

describe('the stored meal photo', () => {
  const photoPath = (id: string) => `${PATH}/${id}/photo`;

  it('keeps the re-encoded photo, without its metadata, for its owner only', async () => {
    const { analysisId } = await (await upload(alice, photo)).json();
    const res = await alice.get(photoPath(analysisId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1024, 683, undefined]);
    expect(bytes.includes(Buffer.from('GPS-SECRET'))).toBe(false);

    const other = await bob.get(photoPath(analysisId));
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('GPS');
    expect((await server.client().get(photoPath(analysisId))).status).toBe(401);
    expect((await alice.get(photoPath('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('is attached to the meal saved from it, and deleted with the meal', async () => {
    const { analysisId } = await (await upload(alice, photo)).json();
    const stored = storedObjects();
    const entry = await (await saveMeal(alice, { calories: 620, aiAnalysisId: analysisId })).json();
    expect(entry.data.mealPhotoId).toBe(analysisId);
    // A client cannot point its meal at a photo by writing mealPhotoId itself.
    const other = await (await saveMeal(bob, { calories: 1 })).json();
    const forged = await bob.patch(`/api/v1/entries/${other.id}`, {
      data: { calories: 1, mealPhotoId: analysisId },
    });
    expect(forged.status).toBe(400);

    // A second meal shows the same photo: deleting the first keeps it for the second.
    const copy = await (await saveMeal(alice, { calories: 620, aiAnalysisId: analysisId })).json();
    expect((await alice.delete(`/api/v1/entries/${copy.id}`)).status).toBe(204);
    expect((await alice.get(photoPath(analysisId))).status).toBe(200);
    expect(storedObjects()).toHaveLength(stored.length);

    expect((await alice.delete(`/api/v1/entries/${entry.id}`)).status).toBe(204);
    expect((await alice.get(photoPath(analysisId))).status).toBe(404);
    expect(storedObjects()).toHaveLength(stored.length - 1);
  });
});

describe('a meal saved with a photo it did not analyse', () => {
  it('stores the photo through the same path, without asking the vision model, and the meal shows it', async () => {
    const res = await upload(alice, photo, 'image/jpeg', '?analyze=false');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ analyzed: false, analysisId: expect.any(String) });
    expect(stub.requests).toHaveLength(0);
    const entry = await (await saveMeal(alice, { calories: 620, aiAnalysisId: body.analysisId })).json();
    expect(entry.data.mealPhotoId).toBe(body.analysisId);
    expect(entry.data.aiEstimate).toBeUndefined();
    const shown = await alice.get(`${PATH}/${body.analysisId}/photo`);
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(1024);
  });
});

describe('the sweep of photos no meal shows', () => {
  const HOUR = 3_600_000;
  const status = async (id: string) => (await alice.get(`${PATH}/${id}/photo`)).status;

  it('deletes a day-old photo the user analysed but never saved, and keeps the ones meals show', async () => {
    const sweep = { runOnce: (now: Date) => sweepUncitedMealPhotos(server.deps, now) };
    await sweep.runOnce(new Date(Date.now() + 25 * HOUR)); // what earlier tests left behind
    const orphan = (await (await upload(alice, photo)).json()).analysisId;
    const cited = (await (await upload(alice, photo)).json()).analysisId;
    const bobs = (await (await upload(bob, photo)).json()).analysisId;
    await saveMeal(alice, { calories: 620, aiAnalysisId: cited });
    const stored = storedObjects().length;

    // Within the day the dialog may still be open: nothing goes.
    expect(await sweep.runOnce(new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await status(orphan)).toBe(200);

    expect(await sweep.runOnce(new Date(Date.now() + 25 * HOUR))).toBe(2);
    expect(await status(orphan)).toBe(404);
    expect((await bob.get(`${PATH}/${bobs}/photo`)).status).toBe(404);
    expect(await status(cited)).toBe(200);
    expect(storedObjects()).toHaveLength(stored - 2);
    // The analysis row stays: a meal saved from it later still gets its estimate, just no photo.
    const late = await (await saveMeal(alice, { calories: 620, aiAnalysisId: orphan })).json();
    expect(late.data.aiEstimate).toMatchObject({ analysisId: orphan, fields: ['calories'] });
    expect(late.data.mealPhotoId).toBeUndefined();
  });

  it('keeps naming a photo it failed to delete (sweep or meal deletion), and deletes it on the next run', async () => {
    const orphan = (await (await upload(alice, photo)).json()).analysisId;
    const shown = (await (await upload(alice, photo)).json()).analysisId;
    const meal = await (await saveMeal(alice, { calories: 1, aiAnalysisId: shown })).json();
    const stored = storedObjects().length;
    const failing = {
      ...server.deps,
      storage: { ...server.deps.storage, delete: () => Promise.reject(new Error('storage down')) },
    };
    // The meal is deleted all the same; its photo waits for the sweep.
    await deleteEntry(failing, aliceId, meal.id);
    expect((await alice.get(`/api/v1/entries/${meal.id}`)).status).toBe(404);
    const later = new Date(Date.now() + 25 * HOUR);
    await expect(sweepUncitedMealPhotos(failing, later)).rejects.toThrow('storage down');
    expect([await status(orphan), await status(shown)]).toEqual([200, 200]);
    expect(await sweepUncitedMealPhotos(server.deps, later)).toBe(2);
    expect([await status(orphan), await status(shown)]).toEqual([404, 404]);
    expect(storedObjects()).toHaveLength(stored - 2);
  });
});
