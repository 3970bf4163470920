import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local OpenAI-compatible peer for tests: `POST …/chat/completions` on loopback. It records every
 * request (path, authorization, body) and answers from a queue of scripted replies, or from
 * `defaultReply` when the queue is empty: streamed text (SSE `chat.completion.chunk`s), tool calls,
 * an HTTP error, or an answer that starts only after a delay.
 */
export type StubReply =
  | { text: string; chunks?: number; delayMs?: number }
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[] }
  | { status: number; message?: string; headers?: Record<string, string> };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the body is whatever the SDK sent; tests read into it.
  body: any;
}

export interface OpenAiStub {
  url: string;
  requests: RecordedRequest[];
  enqueue: (...replies: StubReply[]) => void;
  reset: () => void;
  close: () => Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const chunk = (model: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-stub',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const completion = (model: string, message: Record<string, unknown>, finish: string) => ({
  id: 'chatcmpl-stub',
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

const split = (text: string, n: number) => {
  const size = Math.max(1, Math.ceil(text.length / n));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
};

const answer = async (res: ServerResponse, body: RecordedRequest['body'], reply: StubReply) => {
  const model = String(body?.model ?? 'stub');
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify({ error: { message: reply.message ?? 'stub error', type: 'stub' } }));
    return;
  }
  if ('text' in reply && reply.delayMs) await sleep(reply.delayMs);
  if (!body?.stream) {
    const message =
      'text' in reply
        ? { content: reply.text }
        : {
            content: null,
            tool_calls: reply.toolCalls.map((c, i) => ({
              id: `call_${i}`,
              type: 'function',
              function: { name: c.name, arguments: JSON.stringify(c.arguments) },
            })),
          };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion(model, message, 'text' in reply ? 'stop' : 'tool_calls')));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(model, { role: 'assistant', content: '' }));
  if ('text' in reply) {
    for (const piece of split(reply.text, reply.chunks ?? 4)) {
      res.write(chunk(model, { content: piece }));
      await sleep(5);
    }
    res.write(chunk(model, {}, 'stop'));
  } else {
    reply.toolCalls.forEach((c, index) => {
      const args = JSON.stringify(c.arguments);
      // Arguments arrive in two pieces, as real providers send them.
      res.write(
        chunk(model, {
          tool_calls: [
            {
              index,
              id: `call_${index}`,
              type: 'function',
              function: { name: c.name, arguments: args.slice(0, 5) },
            },
          ],
        }),
      );
      res.write(chunk(model, { tool_calls: [{ index, function: { arguments: args.slice(5) } }] }));
    });
    res.write(chunk(model, {}, 'tool_calls'));
  }
  res.end('data: [DONE]\n\n');
};

export const startOpenAiStub = async (
  defaultReply: (body: RecordedRequest['body']) => StubReply = () => ({ text: 'Stub reply.' }),
): Promise<OpenAiStub> => {
  const requests: RecordedRequest[] = [];
  const queue: StubReply[] = [];
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400).end();
      return;
    }
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    await answer(res, body, queue.shift() ?? defaultReply(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
