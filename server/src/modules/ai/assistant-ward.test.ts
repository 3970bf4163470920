import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { actingFor, addPerson } from '../../../test/household';
import { type OpenAiStub, startOpenAiStub } from '../../../test/openai-stub';
import { ask, daysAgo, replyText } from './chat-test-helpers';

/*
 * The assistant while a guardian acts for a ward (households): every word about the data names the
 * ward, and the safety checks read the ward's newest readings.
 */

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
type Client = Pick<TestClient, 'post'>;
const log = async (client: Client, tracker: string, occurredAt: string, data: Record<string, unknown>) =>
  expect((await client.post('/api/v1/entries', { tracker, occurredAt, data })).status).toBe(201);

describe('with a language model (loopback stub provider)', () => {
  let stub: OpenAiStub;
  let server: TestServer;
  let mum: TestClient;
  let mia: ReturnType<typeof actingFor>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    server = await createTestServer(
      {},
      { AI_BASE_URL: stub.url, AI_API_KEY: 'sk-test', AI_MODEL: 'stub-chat' },
    );
    mum = (await signUpAndSignIn(server, 'mum-ward-ai@example.com')).client;
    mia = actingFor(mum, await addPerson(mum, 'Mia'));
    await log(mum, 'blood-glucose', daysAgo(1), { glucose: 333 });
    await log(mia, 'blood-glucose', daysAgo(1), { glucose: 150 });
    await log(mia, 'blood-glucose', daysAgo(2), { glucose: 110 });
  });
  afterAll(async () => {
    await server.close();
    await stub.close();
  });
  beforeEach(() => stub.reset());

  const system = () => stub.requests.at(-1)!.body.messages[0].content as string;

  it('tells the model the data is the ward’s, named, and that it speaks to the guardian', async () => {
    stub.enqueue({ text: 'Mia’s average glucose was 130 mg/dL.' });
    expect(replyText(await ask(mia, 'How is she doing?'))).toBe('Mia’s average glucose was 130 mg/dL.');
    const prompt = system();
    expect(prompt).toContain(
      "The user is a guardian acting for Mia in their household: every record, figure and reading below is Mia’s, not the user's.",
    );
    expect(prompt).toContain('name Mia whenever you speak of the data');
    expect(prompt).toContain('for medical decisions the user should talk to Mia’s care team');
    expect(prompt).toContain('# Mia’s data (the user acts for Mia)');
    expect(prompt).toMatch(/Glucose: 2 readings, mean 130 mg\/dL/);
    expect(prompt).not.toContain('their own health records');
    expect(prompt).not.toContain("# The user's data");
  });

  it('tells the model about the guardian’s own record in the guardian’s own words', async () => {
    stub.enqueue({ text: 'Fine.' });
    await ask(mum, 'How am I doing?');
    expect(system()).toContain('You help the user understand their own health records.');
    expect(system()).toContain("# The user's data");
    expect(system()).not.toContain('Mia');
    expect(system()).toMatch(/Glucose: 1 reading, mean 333 mg\/dL/);
  });

  it('gives the model the ward’s patterns and function results in her name, not "your"', async () => {
    const zoe = actingFor(mum, await addPerson(mum, 'Zoe'));
    // Eleven after-meal readings above 200 mg/dL: the post-meal spikes pattern.
    for (let i = 1; i <= 11; i++)
      await log(zoe, 'blood-glucose', daysAgo(i), { glucose: 250, timing: 'after_meal' });
    stub.enqueue(
      {
        toolCalls: [
          { name: 'get_patterns', arguments: {} },
          { name: 'get_stats', arguments: { days: 7 } },
        ],
      },
      { text: 'Zoe’s readings after meals are often high.' },
    );
    await ask(zoe, 'Any patterns?');
    const [first, second] = stub.requests;
    const tools = JSON.stringify(first!.body.tools);
    expect(tools).toContain('Zoe’s logged entries of one tracker');
    expect(tools).not.toMatch(/\bThe user’s\b/);
    expect(first!.body.messages[0].content).toContain(
      'Post-Meal Spikes (High): Many of Zoe’s after-meal readings are above 200 mg/dL.',
    );
    const results = second!.body.messages
      .filter((m: { role: string }) => m.role === 'tool')
      .map((m: { content: string }) => JSON.parse(m.content));
    expect(results).toHaveLength(2);
    for (const r of results) expect(r.record).toBe('Zoe’s (the user acts for Zoe)');
    expect(results[0].patterns[0].description).toBe('Many of Zoe’s after-meal readings are above 200 mg/dL.');
    expect(JSON.stringify(results)).not.toMatch(/\b[Yy]our\b|\byou\b/);
  });

  it('names the account’s own record in its function results', async () => {
    stub.enqueue({ toolCalls: [{ name: 'get_adherence', arguments: { days: 7 } }] }, { text: 'Fine.' });
    await ask(mum, 'Did I take my pills?');
    const tool = stub.requests[1]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(JSON.parse(tool.content)).toMatchObject({ record: "the user's own" });
  });

  it('puts the safety answer first, naming the ward, when her newest reading is urgently low', async () => {
    await log(mia, 'blood-glucose', minutesAgo(5), { glucose: 48 });
    stub.enqueue({ text: 'Her average glucose was 103 mg/dL.', chunks: 2 });
    const events = await ask(mia, 'What should we do?');
    const text = replyText(events);
    expect(text).toMatch(
      /^Safety first: what to do now\n\nMia’s newest reading, 48 mg\/dL \(5 minutes ago\), is dangerously low\. Now: if Mia can swallow safely, give Mia 15 g of fast-acting carbohydrate/,
    );
    expect(text).not.toMatch(/\bYour newest\b|if you can swallow/);
    expect(text.endsWith('Her average glucose was 103 mg/dL.')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { content: text, source: 'stub-chat' } });
  });
});

describe('the built-in analyst (no language model)', () => {
  let server: TestServer;
  let dad: TestClient;
  beforeAll(async () => {
    server = await createTestServer();
    dad = (await signUpAndSignIn(server, 'dad-ward-ai@example.com')).client;
  });
  afterAll(() => server.close());

  it('answers a ward’s quick question with the ward’s figures, named', async () => {
    const leo = actingFor(dad, await addPerson(dad, 'Leo'));
    await log(leo, 'blood-glucose', daysAgo(1), { glucose: 100 });
    await log(leo, 'blood-glucose', daysAgo(3), { glucose: 160 });
    const text = replyText(await ask(leo, 'What was Leo’s average glucose this week?'));
    expect(text).toMatch(
      /^Leo’s average glucose over the last 7 days \([A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}\) was 130 mg\/dL, from 2 readings\./,
    );
    expect(text).toContain(
      'These figures come from Leo’s data; for medical advice, please talk to Leo’s care team.',
    );
    expect(text).not.toMatch(/\b[Yy]our\b/);
  });

  it('tells a ward’s glucose patterns in her name', async () => {
    const ivy = actingFor(dad, await addPerson(dad, 'Ivy'));
    for (let i = 1; i <= 11; i++)
      await log(ivy, 'blood-glucose', daysAgo(i), { glucose: 250, timing: 'after_meal' });
    const text = replyText(await ask(ivy, 'Does Ivy have any glucose patterns?'));
    expect(text).toContain('Many of Ivy’s after-meal readings are above 200 mg/dL.');
    expect(text).not.toMatch(/\b[Yy]our\b/);
  });

  it('says what to do now for a very high reading with signs of ketoacidosis, before any figure', async () => {
    const own = (await signUpAndSignIn(server, 'kim-ward-ai@example.com')).client;
    await log(own, 'blood-glucose', daysAgo(1), { glucose: 180 });
    await log(own, 'blood-glucose', minutesAgo(8), { glucose: 320 });
    const text = replyText(await ask(own, 'I feel nauseous, what was my average glucose today?'));
    expect(text).toMatch(
      /^Safety first: what to do now\n\nYour newest reading, 320 mg\/dL \(8 minutes ago\), is very high, and with what you describe it can be diabetic ketoacidosis \(DKA\), which is an emergency\. Now: check your ketones/,
    );
    const figure = text.indexOf('Your average glucose over the last 24 hours');
    expect(figure).toBeGreaterThan(text.indexOf('go to the emergency room'));
  });

  it('says the crisis words first for a ward’s crisis-level pressure with a headache, naming her', async () => {
    const ava = actingFor(dad, await addPerson(dad, 'Ava'));
    await log(ava, 'blood-pressure', daysAgo(2), { systolic: 130, diastolic: 85 });
    await log(ava, 'blood-pressure', minutesAgo(30), { systolic: 186, diastolic: 124 });
    const text = replyText(await ask(ava, 'She has a bad headache. How is her blood pressure?'));
    expect(text).toMatch(
      /^Safety first: what to do now\n\nAva’s newest blood pressure, 186\/124 mmHg \(30 minutes ago\), is at a hypertensive crisis level \(180\/120 mmHg or higher\)\. Now: If Ava has chest pain, shortness of breath/,
    );
    const figure = text.indexOf('Ava’s average blood pressure over the last 7 days');
    expect(figure).toBeGreaterThan(text.indexOf('contact Ava’s doctor right away'));
  });
});
