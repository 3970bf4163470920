import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  bob = (await signUpAndSignIn(server, 'alarm-bob@example.com')).client;
});
afterAll(async () => {
  await server.close();
});

describe('the history, a page at a time', () => {
  it('pages newest first by the cursor of the page before, alarms raised at the same instant included', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'alarm-pia@example.com');
    // One clock reading for all: alarms meant to share an instant must not differ by a millisecond.
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    // One write raises several alarms at one instant: a page may end between them.
    const raised = [at(1), at(1), at(1), at(2), at(3)];
    await server.deps.db.asSystem(async (tx) => {
      for (const [i, t] of raised.entries())
        await tx.execute(sql`insert into glucose_alarms (user_id, kind, raised_at, ended_at)
          values (${userId}, ${['high', 'rising_fast', 'falling_fast', 'low', 'stale'][i]}, ${t.toISOString()}::timestamptz, now())`);
    });
    const pages: { items: { id: string; raisedAt: string }[]; nextCursor: string | null }[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await client.get(`/api/v1/glucose/alarms?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = await res.json();
      pages.push(page);
      cursor = page.nextCursor;
    }
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((a) => a.id)).size).toBe(5);
    expect(all.map((a) => Date.parse(a.raisedAt))).toEqual(raised.map((t) => t.getTime()));
    // Without a limit, a page is 50; one page holds all five.
    expect(await (await client.get('/api/v1/glucose/alarms')).json()).toMatchObject({ nextCursor: null });

    const bad = await client.get('/api/v1/glucose/alarms?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect((await client.get('/api/v1/glucose/alarms?limit=500')).status).toBe(400);
    // Someone else's cursor opens nothing of Pia's.
    const theirs = await bob.get(`/api/v1/glucose/alarms?limit=2&cursor=${pages[0]!.nextCursor}`);
    expect((await theirs.json()).items).toEqual([]);
  });
});

describe('the person’s own alarm notices', () => {
  it('speak to the person ("Your glucose…"), high as low, never of them by name', async () => {
    const { client } = await signUpAndSignIn(server, 'alarm-dana@example.com');
    await client.patch('/api/v1/profile', { displayName: 'Dana' });
    const logged = await client.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: new Date().toISOString(),
      data: { glucose: 400 },
    });
    expect(logged.status).toBe(201);
    const { items } = await (await client.get('/api/v1/notifications')).json();
    const notices = items as { title: string; content: string }[];
    const high = notices.find((n) => n.title === 'Very high');
    expect(high?.content).toMatch(/^Your glucose was 400 mg\/dL \(Very high\) at /);
    expect(notices.map((n) => `${n.title} ${n.content}`).join(' ')).not.toContain('Dana');
  });
});
