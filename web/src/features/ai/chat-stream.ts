import type { ChatMessageResponse } from '@healthfolio/core';
import { personHeaders } from '@/lib/acting-person';
import { ApiError } from '@/lib/api';

/**
 * Posts a question and reads the Server-Sent Events answer as it arrives: each `delta` goes to
 * onText; `done` resolves with the stored message; `error` (or a refused request) rejects.
 */
export async function streamChat(message: string, onText: (t: string) => void): Promise<ChatMessageResponse> {
  let res: Response;
  try {
    res = await fetch('/api/v1/ai/chat', {
      method: 'POST',
      credentials: 'include',
      headers: { ...personHeaders(), Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify({ message }),
    });
  } catch {
    throw new ApiError('Could not reach the server.', { status: 0 });
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as {
      detail?: string;
      code?: string;
      errors?: { path: string; message: string }[];
    };
    throw new ApiError(body.detail ?? 'Request failed', {
      status: res.status,
      code: body.code,
      retryAfter: res.headers.get('Retry-After'),
      errors: Array.isArray(body.errors) ? body.errors : undefined,
    });
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const payload = JSON.parse(data);
      if (event === 'delta') onText(payload.text);
      else if (event === 'done') return payload as ChatMessageResponse;
      else if (event === 'error') throw new ApiError(payload.detail, { status: 502, code: payload.code });
    }
  }
  throw new ApiError('The answer ended early.', { status: 502 });
}
