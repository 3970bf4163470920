import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { createReminderScheduler } from '../../jobs/reminder-scheduler';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let aliceId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-stream@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-stream@example.com')).client;
});
afterAll(async () => {
  await server.deps.bus.close();
  await server.close();
});

const openStream = (client: TestClient) => openEventStream(server, client);

describe('notification stream', () => {
  it('needs a session', async () => {
    expect((await server.client().get('/api/v1/notifications/stream')).status).toBe(401);
  });

  it('is an uncompressed event stream with a retry hint', async () => {
    const s = await openStream(alice);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('content-encoding')).toBeNull();
    expect(s.raw[0]).toContain('retry: 5000');
    await s.close();
  });

  it('delivers created and updated events to their user only', async () => {
    const a = await openStream(alice);
    const b = await openStream(bob);
    const created = await (
      await alice.post('/api/v1/notifications', {
        type: 'notification',
        title: 'Refill due',
        content: 'Call',
      })
    ).json();
    const got = await a.waitFor(() => a.events.find((e) => e.event === 'notification.created'));
    // Each event names whose notification it is (the account's own here; a ward's for a guardian).
    expect(got.data).toEqual({ ...created, personId: aliceId });
    await alice.patch(`/api/v1/notifications/${created.id}`, { isRead: true });
    const upd = await a.waitFor(() => a.events.find((e) => e.event === 'notification.updated'));
    expect(upd.data).toMatchObject({ id: created.id, isRead: true });

    // A service notification for Alice reaches her too; Bob hears nothing of either.
    const sent = await server.deps.notifier.send({
      userId: aliceId,
      title: 'Lab ready',
      content: 'See results',
    });
    await a.waitFor(() => a.events.find((e) => e.data?.id === sent.id));
    await new Promise((r) => setTimeout(r, 100));
    expect(b.events).toEqual([]);
    await a.close();
    await b.close();
  });

  it('carries a reminder coming due to the open page as notification.due', async () => {
    const a = await openStream(alice);
    const due = new Date(Date.now() + 3_600_000);
    const r = await (
      await alice.post('/api/v1/notifications', {
        type: 'reminder',
        title: 'Check glucose',
        content: 'Before lunch',
        dueDate: due.toISOString(),
      })
    ).json();
    await createReminderScheduler(server.deps).runOnce(due);
    const got = await a.waitFor(() => a.events.find((e) => e.event === 'notification.due'));
    expect(got.data).toMatchObject({ id: r.id, title: 'Check glucose', deliveredAt: due.toISOString() });
    await a.close();
  });
});
