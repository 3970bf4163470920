import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { Logger } from 'pino';
import type { AiConfig } from '../../config';

/**
 * The one way out to the AI provider: any OpenAI-compatible endpoint through the `openai` SDK. The SDK
 * retries 408/409/429/5xx and connection failures with exponential back-off (honouring Retry-After);
 * each call also has an overall deadline. The key stays here: it is never logged (the SDK's own logger
 * is off, and ours logs status codes only) and never leaves the server.
 */

export type AiMessage = ChatCompletionMessageParam;
export type AiTool = ChatCompletionTool;

export interface AiToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What a chat turn produced: text (streamed through onText as it came) and any tool calls. */
export interface AiTurn {
  text: string;
  toolCalls: AiToolCall[];
}

export type AiErrorCode = 'ai_timeout' | 'ai_rate_limited' | 'ai_unavailable' | 'ai_rejected';

export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    readonly status?: number,
  ) {
    super(code);
  }
}

export interface AiClient {
  /** The chat model's name, or null: the built-in analyst answers alone. */
  chatModel: string | null;
  /** The vision model's name, or null: meal photos cannot be analysed. */
  visionModel: string | null;
  chatTurn(req: {
    messages: AiMessage[];
    tools?: AiTool[];
    onText: (delta: string) => void;
    signal?: AbortSignal;
  }): Promise<AiTurn>;
  /** One image and a prompt to the vision model; its reply's text. */
  describeImage(req: { imageDataUrl: string; prompt: string; signal?: AbortSignal }): Promise<string>;
}

const errorCode = (err: unknown, deadline: AbortSignal): AiError => {
  if (err instanceof AiError) return err;
  if (err instanceof APIConnectionTimeoutError || deadline.aborted) return new AiError('ai_timeout');
  if (err instanceof APIUserAbortError) return new AiError('ai_timeout');
  if (err instanceof APIError) {
    const status = err.status;
    if (status === 429) return new AiError('ai_rate_limited', status);
    if (status && status >= 400 && status < 500) return new AiError('ai_rejected', status);
    return new AiError('ai_unavailable', status);
  }
  return new AiError('ai_unavailable');
};

export const createAiClient = (config: AiConfig | undefined, logger: Logger): AiClient => {
  if (!config) {
    const off = () => Promise.reject(new AiError('ai_unavailable'));
    return { chatModel: null, visionModel: null, chatTurn: off, describeImage: off };
  }
  const sdk = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) take no key, but the SDK wants one.
    apiKey: config.apiKey ?? 'no-key',
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    logLevel: 'off',
  });
  // The deadline covers the retries and a stream that stalls after its first bytes.
  const withDeadline = async <T>(signal: AbortSignal | undefined, run: (s: AbortSignal) => Promise<T>) => {
    const deadline = AbortSignal.timeout(config.timeoutMs * (config.maxRetries + 1));
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    try {
      return await run(combined);
    } catch (err) {
      const e = errorCode(err, deadline);
      logger.warn({ code: e.code, status: e.status }, 'ai provider call failed');
      throw e;
    }
  };

  return {
    chatModel: config.model ?? null,
    visionModel: config.visionModel ?? null,
    chatTurn: ({ messages, tools, onText, signal }) =>
      withDeadline(signal, async (s) => {
        if (!config.model) throw new AiError('ai_unavailable');
        const stream = await sdk.chat.completions.create(
          {
            model: config.model,
            messages,
            stream: true,
            ...(tools?.length ? { tools, tool_choice: 'auto' as const } : {}),
          },
          { signal: s },
        );
        let text = '';
        const calls: { id: string; name: string; arguments: string }[] = [];
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.content) {
            text += delta.content;
            onText(delta.content);
          }
          for (const tc of delta?.tool_calls ?? []) {
            calls[tc.index] ??= { id: '', name: '', arguments: '' };
            const slot = calls[tc.index]!;
            if (tc.id) slot.id = tc.id;
            if (tc.function?.name) slot.name += tc.function.name;
            if (tc.function?.arguments) slot.arguments += tc.function.arguments;
          }
        }
        return {
          text,
          toolCalls: calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` })),
        };
      }),
    describeImage: ({ imageDataUrl, prompt, signal }) =>
      withDeadline(signal, async (s) => {
        if (!config.visionModel) throw new AiError('ai_unavailable');
        const res = await sdk.chat.completions.create(
          {
            model: config.visionModel,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: prompt },
                  { type: 'image_url', image_url: { url: imageDataUrl } },
                ],
              },
            ],
          },
          { signal: s },
        );
        return res.choices[0]?.message?.content ?? '';
      }),
  };
};
