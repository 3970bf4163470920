import { Writable } from 'node:stream';
import { AI_TEXTS, SAFETY_RULE } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { type OpenAiStub, startOpenAiStub } from '../../../test/openai-stub';
import { ask, daysAgo, replyText } from './chat-test-helpers';

const KEY = 'sk-test-SECRET-never-logged';
let stub: OpenAiStub;
let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let logs = '';

beforeAll(async () => {
  stub = await startOpenAiStub();
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _enc, done) {
        logs += chunk.toString();
        done();
      },
    }),
  );
  server = await createTestServer(
    {},
    {
      AI_BASE_URL: stub.url,
      AI_API_KEY: KEY,
      AI_MODEL: 'stub-chat',
      AI_TIMEOUT_SECONDS: '1',
      AI_MAX_RETRIES: '1',
    },
    { logger },
  );
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-chat@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-chat@example.com')).client;
  // Bob's data, which must never reach a request made for Alice.
  await bob.post('/api/v1/entries', {
    tracker: 'journal',
    occurredAt: daysAgo(1),
    notes: 'BOB-PRIVATE',
    data: { value: 'BOB-PRIVATE journal' },
  });
  await bob.post('/api/v1/entries', {
    tracker: 'blood-glucose',
    occurredAt: daysAgo(1),
    data: { glucose: 333 },
  });
  await alice.post('/api/v1/entries', {
    tracker: 'blood-glucose',
    occurredAt: daysAgo(1),
    data: { glucose: 120 },
  });
  await alice.post('/api/v1/entries', {
    tracker: 'blood-glucose',
    occurredAt: daysAgo(2),
    data: { glucose: 140 },
  });
});
afterAll(async () => {
  await server.close();
  await stub.close();
});
beforeEach(() => stub.reset());

const systemOf = (i = -1) => stub.requests.at(i)!.body.messages[0].content as string;

describe('the assistant with an OpenAI-compatible provider', () => {
  it('says the provider is configured, and streams the reply token by token, then stores it', async () => {
    expect(await (await alice.get('/api/v1/services')).json()).toMatchObject({
      aiChat: true,
      aiVision: true,
    });
    stub.enqueue({ text: 'Your average glucose was 130 mg/dL over the last 7 days.', chunks: 5 });
    const events = await ask(alice, 'How am I doing?');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    expect(replyText(events)).toBe('Your average glucose was 130 mg/dL over the last 7 days.');
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: {
        role: 'assistant',
        source: 'stub-chat',
        content: 'Your average glucose was 130 mg/dL over the last 7 days.',
      },
    });
    const req = stub.requests[0]!;
    expect(req.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: 'stub-chat', stream: true });
    expect(systemOf()).toContain('You are not a doctor');
    expect(systemOf()).toContain('chest pain');
    expect(systemOf()).toMatch(/Glucose: 2 readings, mean 130 mg\/dL/);
  });

  it('answers with figures it fetched through a function over the user’s own data', async () => {
    stub.enqueue(
      { toolCalls: [{ name: 'get_stats', arguments: { days: 7 } }] },
      { text: 'Over the last 7 days your mean glucose was 130 mg/dL.' },
    );
    const events = await ask(alice, 'What was my average glucose this week?');
    expect(replyText(events)).toBe('Over the last 7 days your mean glucose was 130 mg/dL.');
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'get_stats',
      'get_entries',
      'get_patterns',
      'get_adherence',
      'get_upcoming_appointments',
    ]);
    const toolMessage = stub.requests[1]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    const result = JSON.parse(toolMessage.content);
    expect(result.window).toMatch(/^the last 7 days \(/);
    expect(result.glucose).toMatchObject({ count: 2, mean: 130 });
    expect(JSON.stringify(stub.requests)).not.toMatch(/[=:]\s*333\b/); // Bob's glucose, not a time's milliseconds
  });

  it('gives the model without functions the last 90 days of only this user’s entries, at most 200, and the last 10 messages', async () => {
    // 205 journal entries in the window and one older: the context lists the newest 200.
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into tracker_entries (user_id, tracker, occurred_at, data)
        select ${aliceId}::uuid, 'journal', now() - (g || ' hours')::interval, jsonb_build_object('value', 'alice note ' || g)
        from generate_series(1, 205) g
        union all select ${aliceId}::uuid, 'journal', now() - interval '95 days', '{"value":"ALICE-TOO-OLD"}'::jsonb`),
    );
    for (let i = 0; i < 11; i++) await ask(alice, `question ${i}`);
    stub.reset();
    // The provider refuses functions (as some local models do): the question is asked again with the entries.
    stub.enqueue({ status: 400, message: 'tools are not supported' });
    await ask(alice, 'Summarise my journal');
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]!.body.tools).toBeUndefined();
    const system = systemOf(1);
    const lines = system.split('\n').filter((l) => /^- \d{4}-\d{2}-\d{2}/.test(l));
    expect(lines).toHaveLength(200);
    expect(system).toMatch(/value=alice note 1$/m);
    expect(system).not.toMatch(/value=alice note 205$/m); // the oldest in the window
    expect(system).not.toContain('ALICE-TOO-OLD');
    expect(system).not.toContain('BOB-PRIVATE');
    expect(system).not.toMatch(/[=:]\s*333\b/);
    const messages = stub.requests[1]!.body.messages;
    expect(messages).toHaveLength(1 + 10 + 1);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Summarise my journal' });
    expect(
      messages.slice(1, -1).every((m: { role: string }) => m.role === 'user' || m.role === 'assistant'),
    ).toBe(true);
  });

  it('answers an empty reply with "No response from AI."', async () => {
    stub.enqueue({ text: '' });
    const events = await ask(alice, 'Anything?');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { content: AI_TEXTS.emptyReply } });
  });

  it('retries a 5xx with back-off, then answers', async () => {
    stub.enqueue({ status: 503, headers: { 'retry-after-ms': '10' } }, { text: 'Back again.' });
    expect(replyText(await ask(alice, 'Retry?'))).toBe('Back again.');
    expect(stub.requests).toHaveLength(2);
  });

  it('ends with the spec’s error when the provider keeps failing or is too slow, and never logs the key', async () => {
    stub.enqueue({ status: 500 }, { status: 500 });
    const failed = await ask(alice, 'Fail?');
    expect(failed.at(-1)).toEqual({
      event: 'error',
      data: { code: 'ai_unavailable', detail: 'Failed to get AI response. Please try again.' },
    });
    stub.enqueue({ text: 'late', delayMs: 1500 }, { text: 'late', delayMs: 1500 });
    const slow = await ask(alice, 'Slow?');
    expect(slow.at(-1)).toMatchObject({ event: 'error', data: { code: 'ai_timeout' } });
    expect(logs).toContain('ai provider call failed');
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain('Fail?');
  });

  it('puts the safety answer first for an emergency question, whatever the model says; the prompt carries the rule', async () => {
    stub.enqueue({ text: 'Your average glucose was 130 mg/dL over the last 7 days.', chunks: 3 });
    const events = await ask(alice, 'I feel dizzy and my glucose was 45, what should I do?');
    const text = replyText(events);
    expect(text.startsWith('Safety first: what to do now')).toBe(true);
    expect(text).toContain('A glucose of 45 mg/dL is dangerously low.');
    expect(text.endsWith('Your average glucose was 130 mg/dL over the last 7 days.')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { content: text, source: 'stub-chat' } });
    expect(systemOf()).toContain(SAFETY_RULE);
  });

  it('puts the safety answer before the model for a low typed without a glucose word', async () => {
    stub.enqueue({ text: 'Eat something.', chunks: 1 });
    const text = replyText(await ask(alice, "what should I eat? I'm at 45"));
    expect(text.startsWith('Safety first: what to do now')).toBe(true);
    expect(text).toContain('A glucose of 45 mg/dL is dangerously low.');
    expect(text.endsWith('Eat something.')).toBe(true);
  });

  it('keeps the safety answer, with the figures, when the provider fails on an emergency question', async () => {
    stub.enqueue({ status: 500 }, { status: 500 });
    const events = await ask(alice, 'I have chest pain and trouble breathing');
    const text = replyText(events);
    expect(text.startsWith('Safety first: what to do now')).toBe(true);
    expect(text).toContain('Chest pain can be a heart attack.');
    expect(text).toContain('Trouble breathing is an emergency.');
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { content: text, source: 'built-in analyst' },
    });
  });

  it('adds nothing to an ordinary question', async () => {
    stub.enqueue({ text: 'Fine.' });
    expect(replyText(await ask(alice, 'my glucose was 145 after a chest day at the gym'))).toBe('Fine.');
  });

  it('keeps each user’s conversation to themselves', async () => {
    stub.enqueue({ text: 'Hi Bob.' });
    await ask(bob, 'Hello');
    const bobs = (await (await bob.get('/api/v1/ai/chat')).json()).items;
    expect(bobs.map((m: { content: string }) => m.content)).toEqual(['Hello', 'Hi Bob.']);
    expect((await bob.delete('/api/v1/ai/chat')).status).toBe(204);
    expect((await (await alice.get('/api/v1/ai/chat')).json()).items.length).toBeGreaterThan(10);
    const unscoped = await server.deps.db.asUser(aliceId, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from ai_chat_messages`),
    );
    // Row-level security alone hides Bob's rows from Alice's scope, even without a filter.
    const all = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from ai_chat_messages where user_id = ${aliceId}`,
      ),
    );
    expect(unscoped.rows[0]!.n).toBe(all.rows[0]!.n);
  });
});
