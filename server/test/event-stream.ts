import type { TestClient, TestServer } from './harness';

/** An open EventSource-like connection: collects the raw text and parsed events as they arrive. */
export const openEventStream = async (
  server: TestServer,
  client: TestClient,
  path = '/api/v1/notifications/stream',
) => {
  const res = await server.app.request(path, {
    headers: { cookie: client.cookieHeader, 'accept-encoding': 'gzip, deflate' },
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // biome-ignore lint/suspicious/noExplicitAny: tests read event bodies loosely and assert their shape.
  const events: { event: string; data: any }[] = [];
  const raw: string[] = [];
  let ready = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n')) {
        const block = text.slice(0, i);
        text = text.slice(i + 2);
        const event = block.match(/^event: (.*)$/m)?.[1];
        const data = block.match(/^data: (.*)$/m)?.[1];
        // `ready`: every subscription is in place; the tests' events start after it.
        if (event === 'ready') ready = true;
        else if (event) events.push({ event, data: JSON.parse(data ?? 'null') });
        else raw.push(block);
      }
    }
  })();
  const waitFor = async <T>(fn: () => T | undefined, ms = 5_000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() > until) throw new Error('timed out waiting on the stream');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await waitFor(() => ready);
  return {
    res,
    raw,
    events,
    waitFor,
    close: async () => {
      await reader.cancel();
      await pump;
    },
  };
};
