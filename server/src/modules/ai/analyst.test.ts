import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { ask, daysAgo, replyText } from './chat-test-helpers';

let server: TestServer;
let alice: TestClient;
beforeAll(async () => {
  server = await createTestServer({}, { AI_REQUESTS_PER_10_MIN: '6' });
  alice = (await signUpAndSignIn(server, 'alice-analyst@example.com')).client;
});
afterAll(() => server.close());

const logGlucose = async (client: TestClient, glucose: number, occurredAt: string) => {
  const res = await client.post('/api/v1/entries', {
    tracker: 'blood-glucose',
    occurredAt,
    data: { glucose },
  });
  expect(res.status).toBe(201);
};

describe('the built-in analyst (no AI provider configured)', () => {
  it('tells screens that no model is configured', async () => {
    expect(await (await alice.get('/api/v1/services')).json()).toMatchObject({
      aiChat: false,
      aiVision: false,
    });
  });

  it('answers "what was my average glucose this week" from the readings of the last 7 days only', async () => {
    await logGlucose(alice, 100, daysAgo(0, 2));
    await logGlucose(alice, 150, daysAgo(3));
    await logGlucose(alice, 171, daysAgo(6));
    await logGlucose(alice, 300, daysAgo(9)); // outside the week
    const events = await ask(alice, 'What was my average glucose this week?');
    const text = replyText(events);
    expect(text).toMatch(
      /Your average glucose over the last 7 days \([A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}\) was 140 mg\/dL, from 3 readings\./,
    );
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { role: 'assistant', content: text, source: 'built-in analyst' },
    });
  });

  it('answers "how many readings below 70?" with a count over the window it names', async () => {
    const dana = (await signUpAndSignIn(server, 'dana-analyst@example.com')).client;
    for (const [glucose, day] of [
      [65, 1],
      [50, 2],
      [45, 12],
      [120, 3],
      [60, 20], // outside the 14 days
    ] as const)
      await logGlucose(dana, glucose, daysAgo(day));
    const text = replyText(await ask(dana, 'How many readings below 70 in the last 14 days?'));
    expect(text).toMatch(
      /^In the last 14 days \([A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}\), 3 of your 4 readings were below 70 mg\/dL \(75%\), 2 of them below 54 mg\/dL\./,
    );
  });

  it('says plainly that a language model is not configured for other questions', async () => {
    const text = replyText(await ask(alice, 'Write a haiku about my breakfast'));
    expect(text).toContain('A language model is not configured on this server');
    expect(text).not.toMatch(/\d+ mg\/dL/);
  });

  it('keeps the conversation after a reload, and clears it', async () => {
    const { items } = await (await alice.get('/api/v1/ai/chat')).json();
    expect(items.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(items[0].content).toBe('What was my average glucose this week?');
    expect((await alice.delete('/api/v1/ai/chat')).status).toBe(204);
    expect((await (await alice.get('/api/v1/ai/chat')).json()).items).toEqual([]);
  });

  it('refuses a blank message with a problem, and counts questions against the per-user limit', async () => {
    const blank = await alice.post('/api/v1/ai/chat', { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.headers.get('content-type')).toContain('application/problem+json');
    // Two questions so far; the limit is 6 in ten minutes.
    for (let i = 0; i < 4; i++) await ask(alice, 'average glucose');
    const limited = await alice.post('/api/v1/ai/chat', { message: 'average glucose' });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('rate_limited');
    const { items } = await (await alice.get('/api/v1/ai/chat')).json();
    expect(items).toHaveLength(8); // the refused question was not stored
  });
});

describe('the built-in analyst: safety first, and the metric asked about', () => {
  let carol: TestClient;
  beforeAll(async () => {
    carol = (await signUpAndSignIn(server, 'carol-analyst@example.com')).client;
    await logGlucose(carol, 120, daysAgo(1));
    await logGlucose(carol, 160, daysAgo(2));
    for (const [systolic, diastolic, d] of [
      [142, 92, 1],
      [138, 88, 3],
    ] as const) {
      const res = await carol.post('/api/v1/entries', {
        tracker: 'blood-pressure',
        occurredAt: daysAgo(d),
        data: { systolic, diastolic },
      });
      expect(res.status).toBe(201);
    }
  });

  it('answers "dizzy and 45" with what to do now before the week’s figures, and stores it so', async () => {
    const events = await ask(carol, 'I feel dizzy and my glucose was 45, what should I do?');
    const text = replyText(events);
    expect(text.startsWith('Safety first: what to do now')).toBe(true);
    expect(text).toContain('A glucose of 45 mg/dL is dangerously low.');
    expect(text).toContain('take 15 g of fast-acting carbohydrate');
    expect(text).toContain('Call emergency services');
    const figure = text.indexOf('Your average glucose over the last 7 days');
    expect(figure).toBeGreaterThan(text.indexOf('Call emergency services'));
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { content: text } });
  });

  it('answers "dizzy, 50" (no glucose word) with what to do now, first', async () => {
    const erin = (await signUpAndSignIn(server, 'erin-analyst@example.com')).client;
    const text = replyText(await ask(erin, 'dizzy, 50'));
    expect(text.startsWith('Safety first: what to do now')).toBe(true);
    expect(text).toContain('A glucose of 50 mg/dL is dangerously low.');
    expect(text).not.toContain('I cannot answer that');
  });

  it('answers "What should I eat?" with what to do now while the newest reading is urgently low', async () => {
    const mia = (await signUpAndSignIn(server, 'mia-analyst@example.com')).client;
    await logGlucose(mia, 142, new Date(Date.now() - 60 * 60_000).toISOString());
    await logGlucose(mia, 50, new Date(Date.now() - 5 * 60_000).toISOString());
    const text = replyText(await ask(mia, 'What should I eat?'));
    expect(text.startsWith('Safety first: what to do now')).toBe(true);
    expect(text).toContain('Your newest reading, 50 mg/dL (5 minutes ago), is dangerously low.');
  });

  it('answers "Is my blood pressure too high?" with the blood pressure and its ACC/AHA category, not glucose', async () => {
    const text = replyText(await ask(carol, 'Is my blood pressure too high?'));
    expect(text).toMatch(
      /^Your average blood pressure over the last 7 days \([A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}\) was 140\/90 mmHg, from 2 entries\. In the ACC\/AHA categories that is Stage 2 hypertension/,
    );
    expect(text).not.toMatch(/glucose|mg\/dL/);
  });

  it('understands a glucose in mmol/L for a mmol/L user', async () => {
    expect((await carol.patch('/api/v1/profile', { glucoseUnit: 'mmol/L' })).status).toBe(200);
    const text = replyText(await ask(carol, 'glucose 2.5 and shaky'));
    expect(text).toContain('A glucose of 2.5 mmol/L is dangerously low.');
    expect(text).toContain('Your average glucose over the last 7 days');
    expect(text).toContain('7.8 mmol/L');
  });

  it('refuses a message above the limit with the limit named, and stores nothing', async () => {
    const res = await carol.post('/api/v1/ai/chat', { message: 'x'.repeat(5000) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual([{ path: 'message', message: 'Messages can be at most 4,000 characters' }]);
    const { items } = await (await carol.get('/api/v1/ai/chat')).json();
    expect(items.some((m: { content: string }) => m.content.startsWith('xxxx'))).toBe(false);
  });
});

describe('meal photos without a vision model', () => {
  it('still stores the photo and attaches it to the meal, saying it was not analysed', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4c8' } })
      .jpeg()
      .toBuffer();
    const res = await server.app.request('/api/v1/ai/meal-photo-analyses', {
      method: 'POST',
      headers: { origin: APP_URL, cookie: alice.cookieHeader, 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { analyzed: boolean; analysisId: string };
    expect(body.analyzed).toBe(false);
    const entry = await (
      await alice.post('/api/v1/entries', {
        tracker: 'meal',
        occurredAt: new Date().toISOString(),
        data: { mealType: 'lunch', aiAnalysisId: body.analysisId },
      })
    ).json();
    expect(entry.data).toMatchObject({ mealType: 'lunch', mealPhotoId: body.analysisId });
    expect(entry.data.aiEstimate).toBeUndefined();
    const stored = await alice.get(`/api/v1/ai/meal-photo-analyses/${body.analysisId}/photo`);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(40);
  });
});
