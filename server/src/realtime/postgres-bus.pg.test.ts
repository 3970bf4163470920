import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness';
import type { BusMessage, RealtimeBus } from './bus';
import { createPostgresBus } from './postgres-bus';

let server: TestServer;
let bus: RealtimeBus;
beforeAll(async () => {
  server = await createTestServer();
  const pool = (server.deps.db as { pool?: { options: object } }).pool!;
  bus = createPostgresBus(server.deps.db, pool.options, pino({ level: 'silent' }));
});
afterAll(async () => {
  await bus.close();
  await server.close();
});

it('delivers every one of many messages published at once, each once, in the order sent', async () => {
  const userId = randomUUID();
  const got: string[] = [];
  await bus.subscribe(userId, { onMessage: (m) => got.push(m.id) });
  const sent = Array.from({ length: 300 }, (_, i) => `n${i}`);
  // Published together, as hundreds of uploads answered at once do: they travel in a few NOTIFY
  // statements, not one each, and every publisher's promise settles once its message is sent.
  await Promise.all(
    sent.map((id) => bus.publish({ userId, event: 'notification.created', id } satisfies BusMessage)),
  );
  await expect.poll(() => got.length, { timeout: 5_000 }).toBe(300);
  expect(got).toEqual(sent);
  // The same message published three times while another is on its way arrives once.
  const thrice = { userId, event: 'ns.data', id: '' } satisfies BusMessage;
  await Promise.all([
    bus.publish({ userId, event: 'notification.created', id: 'first' }),
    bus.publish(thrice),
    bus.publish(thrice),
    bus.publish(thrice),
  ]);
  await bus.publish({ userId, event: 'notification.created', id: 'last' });
  await expect.poll(() => got.at(-1), { timeout: 5_000 }).toBe('last');
  expect(got.filter((id) => id === '')).toHaveLength(1);
});
