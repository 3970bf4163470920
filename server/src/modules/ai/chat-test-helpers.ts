import type { TestClient } from '../../../test/harness';

export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read event payloads loosely.
  data: any;
}

/** Reads a whole Server-Sent Events answer into its events. */
export const readEvents = async (res: Response): Promise<SseEvent[]> =>
  (await res.text())
    .split(/\n\n/)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) } : null;
    })
    .filter((e): e is SseEvent => e !== null);

export const ask = async (client: Pick<TestClient, 'post'>, message: string) => {
  const res = await client.post('/api/v1/ai/chat', { message });
  if (res.status !== 200) throw new Error(`ask failed: ${res.status} ${await res.text()}`);
  return readEvents(res as unknown as Response);
};

export const replyText = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

export const daysAgo = (days: number, hours = 0) =>
  new Date(Date.now() - days * 86_400_000 - hours * 3_600_000).toISOString();
