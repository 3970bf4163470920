import { AI_TEXTS, ChatHistoryResponse, ChatSendRequest } from '@healthfolio/core';
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../../app-deps';
import { actingWard } from '../../auth/person-scope';
import { createRouter, json, jsonBody, problems, SESSION_SECURITY } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { AiError } from './ai.client';
import { acceptQuestion, answerQuestion, chatHistory, clearChat } from './chat.service';

const base = { tags: ['AI assistant'], security: SESSION_SECURITY, path: '/api/v1/ai/chat' };

const history = createRoute({
  ...base,
  method: 'get',
  summary: 'Your conversation with the assistant, oldest first (the latest 200 messages)',
  responses: { 200: json(ChatHistoryResponse, 'Messages'), ...problems(401, 503) },
});
const clear = createRoute({
  ...base,
  method: 'delete',
  summary: 'Clear your conversation',
  responses: { 204: { description: 'Cleared' }, ...problems(401, 503) },
});
const send = createRoute({
  ...base,
  method: 'post',
  summary:
    'Ask the assistant. The answer is a Server-Sent Events stream: `delta` events ({text}) as the reply is produced, then `done` (the stored ChatMessageResponse) or `error` ({code, detail}). Without a configured model the built-in analyst answers from your computed figures.',
  request: { body: jsonBody(ChatSendRequest) },
  responses: {
    200: {
      description: 'An event stream (text/event-stream)',
      content: { 'text/event-stream': { schema: z.string().openapi({ example: 'event: delta' }) } },
    },
    ...problems(400, 401, 429, 503),
  },
});

export const chatRoutes = (deps: AppDeps) => {
  const { logger, requireUser } = deps;
  const app = createRouter();
  app.use(base.path, requireUser);
  app.openapi(history, async (c) => c.json(await chatHistory(c.get('db'), c.get('user').id), 200));
  app.openapi(clear, async (c) => {
    await clearChat(c.get('db'), c.get('user').id);
    return c.body(null, 204);
  });
  app.openapi(send, async (c) => {
    const userId = c.get('user').id;
    // A guardian acting for a ward asks about the ward's record: the answer names them.
    const ward = actingWard(c);
    // Quota and storage first, so a refusal is an ordinary problem response, not a broken stream.
    const question = await acceptQuestion(withRequestDb(deps, c), userId, c.req.valid('json').message, {
      ward,
    });
    // Health data: never stored by a cache; `no-transform` keeps compressing proxies (and ours) off the stream.
    c.header('Cache-Control', 'no-store, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (s) => {
      const abort = new AbortController();
      s.onAbort(() => abort.abort());
      let writes = Promise.resolve();
      const onText = (text: string) => {
        writes = writes.then(() => s.writeSSE({ event: 'delta', data: JSON.stringify({ text }) }));
      };
      try {
        const message = await answerQuestion(deps, userId, question, onText, abort.signal);
        await writes;
        await s.writeSSE({ event: 'done', data: JSON.stringify(message) });
      } catch (err) {
        await writes.catch(() => {});
        if (abort.signal.aborted) return;
        const code = err instanceof AiError ? err.code : 'internal_error';
        if (!(err instanceof AiError)) logger.error({ err }, 'assistant reply failed');
        await s.writeSSE({
          event: 'error',
          data: JSON.stringify({ code, detail: AI_TEXTS.errorDescription }),
        });
      }
    });
  });
  return app;
};
