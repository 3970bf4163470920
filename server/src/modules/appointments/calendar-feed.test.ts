import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { FEED_LOOKUPS_PER_IP } from './calendar-feed.routes';
import { hashFeedToken } from './calendar-feed.service';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-feed@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-feed@example.com')).client;
  await alice.post('/api/v1/appointments', { provider: 'Dr. Feed', date: '2030-05-05', startTime: '09:00' });
  await bob.post('/api/v1/appointments', {
    provider: 'Dr. Bob Only',
    date: '2030-05-06',
    startTime: '09:00',
  });
});
afterAll(() => server.close());

// A calendar app fetching the feed: no cookie, no origin.
const fetchFeed = (url: string) => server.app.request(new URL(url).pathname);

describe('private calendar feed', () => {
  it('gives a feed address once, serving only the owner’s appointments without a session', async () => {
    expect(await (await alice.get('/api/v1/calendar/feed')).json()).toMatchObject({
      active: false,
      url: null,
    });
    const created = await alice.post('/api/v1/calendar/feed');
    expect(created.status).toBe(201);
    const feed = await created.json();
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('http://', 'webcal://'));
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('SUMMARY:Appointment with Dr. Feed');
    expect(text).not.toContain('Dr. Bob Only');
    expect(await (await alice.get('/api/v1/calendar/feed')).json()).toMatchObject({
      active: true,
      url: null,
    });
  });

  it('keeps only a SHA-256 hash of the token', async () => {
    const { url } = await (await alice.post('/api/v1/calendar/feed')).json();
    const token = url.split('/').pop().replace('.ics', '');
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ token_hash: string }>(sql`select token_hash from calendar_feeds`),
    );
    expect(rows.map((r) => r.token_hash)).toContain(hashFeedToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers 404 to a wrong token, an old token after a new one, and a revoked one', async () => {
    const first = (await (await alice.post('/api/v1/calendar/feed')).json()).url;
    const second = (await (await alice.post('/api/v1/calendar/feed')).json()).url;
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await server.app.request(`/api/v1/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await server.app.request('/api/v1/calendar/short.ics')).status).toBe(404);
    expect((await alice.delete('/api/v1/calendar/feed')).status).toBe(204);
    expect((await fetchFeed(second)).status).toBe(404);
    expect(await (await alice.get('/api/v1/calendar/feed')).json()).toMatchObject({ active: false });
  });

  it('needs a session to manage the feed', async () => {
    expect((await server.client().post('/api/v1/calendar/feed')).status).toBe(401);
  });

  it('throttles lookups per address before looking the token up', async () => {
    let last = 0;
    for (let i = 0; i <= FEED_LOOKUPS_PER_IP.points; i++)
      last = (await server.app.request(`/api/v1/calendar/${'B'.repeat(43)}.ics`)).status;
    expect(last).toBe(429);
  });
});
