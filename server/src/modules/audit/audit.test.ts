import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  TestClient,
  type TestServer,
} from '../../../test/harness';
import { verifyAuditChains } from './audit-verify';

// Served on a loopback socket, so the audit rows carry the address this server really saw.
let server: TestServer;
let http: ServerType;
let base: string;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;
const UA = 'AuditTest/1.0 (loopback)';

const loopbackClient = (userAgent = UA) =>
  new TestClient({
    request: (path, init) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'user-agent': userAgent },
      }),
  });

const signUp = async (email: string) => {
  const client = loopbackClient();
  expect((await client.post('/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
  const link = new URL(await latestMailLink(server.deps.db, email));
  expect((await client.get(link.pathname + link.search)).status).toBeLessThan(400);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  return { client, userId: (await signIn.json()).user.id as string };
};

type AuditRow = {
  seq: number;
  chain: string;
  chain_seq: number;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  details: Record<string, unknown> | null;
  ip_address: string | null;
  user_agent: string | null;
};
const auditOf = async (userId: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<AuditRow>(
        sql`select seq::int as seq, chain, chain_seq::int as chain_seq, action, resource_type, resource_id, details, ip_address, user_agent
            from audit_logs where user_id = ${userId} order by seq`,
      ),
    )
  ).rows;

beforeAll(async () => {
  server = await createTestServer();
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  ({ client: alice, userId: aliceId } = await signUp('alice-audit@example.com'));
  ({ client: bob, userId: bobId } = await signUp('bob-audit@example.com'));
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await server.close();
});

const MARKERS = ['Quillfeather-note', 'Zorblatin', 'Snozzberry', 'Dr. Quillfeather', 'Grumblewort'];
const ok = async (res: Promise<{ status: number; text(): Promise<string> }>, status = 200) => {
  const r = await res;
  expect(r.status, await r.text()).toBe(status);
  return r;
};
const body = async (res: Promise<{ status: number; json(): Promise<unknown> }>, status: number) => {
  const r = await res;
  expect(r.status).toBe(status);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read fields loosely.
  return (await r.json()) as any;
};

describe('the audit trail (HIPAA §164.312(b))', () => {
  it('records every write and single-record read with the client’s IP and user agent, never the values', async () => {
    const before = (await auditOf(aliceId)).length;
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const entry = await body(
      alice.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: at,
        notes: 'Quillfeather-note',
        data: { glucose: 287 },
      }),
      201,
    );
    await ok(alice.get(`/api/v1/entries/${entry.id}`));
    await ok(alice.patch(`/api/v1/entries/${entry.id}`, { notes: 'Grumblewort', data: { glucose: 291 } }));
    await ok(alice.delete(`/api/v1/entries/${entry.id}`), 204);
    // Hours old: a reading this high now would also raise a glucose alarm (its own audit rows).
    const readings = [1, 2, 3].map((i) => ({
      at: new Date(Date.now() - 3 * 3_600_000 - i * 300_000).toISOString(),
      mgdl: 313,
    }));
    await ok(alice.post('/api/v1/glucose/readings/batch', { source: 'import:csv', readings }));

    const note = await body(
      alice.post('/api/v1/notifications', { type: 'note', title: 'Zorblatin', content: 'Grumblewort' }),
      201,
    );
    await ok(alice.get(`/api/v1/notifications/${note.id}`));
    await ok(alice.patch(`/api/v1/notifications/${note.id}`, { isRead: true }));
    await ok(alice.delete(`/api/v1/notifications/${note.id}`), 204);

    const appt = await body(
      alice.post('/api/v1/appointments', {
        provider: 'Dr. Quillfeather',
        date: '2031-02-03',
        startTime: '10:00',
      }),
      201,
    );
    await ok(alice.get(`/api/v1/appointments/${appt.id}`));
    await ok(alice.patch(`/api/v1/appointments/${appt.id}`, { reason: 'Grumblewort' }));
    await ok(alice.get(`/api/v1/appointments/${appt.id}/calendar.ics`));
    await ok(alice.delete(`/api/v1/appointments/${appt.id}`), 204);

    const schedule = await body(
      alice.post('/api/v1/medications/schedules', {
        medicationName: 'Zorblatin',
        dosage: '5 mg',
        dailyTimes: ['08:00'],
        // Begun two days ago, so the first dose is past (markable) at whatever hour the test runs.
        startDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      }),
      201,
    );
    const doses = await body(alice.get('/api/v1/medications/doses'), 200);
    await ok(alice.post(`/api/v1/medications/doses/${doses.items[0].id}/take`));

    const food = await body(
      alice.post('/api/v1/foods/custom', { name: 'Snozzberry', carbs_per_100g: 42, serving_size: '1 cup' }),
      201,
    );
    await ok(alice.delete(`/api/v1/foods/custom/${food.id}`), 204);
    await ok(alice.patch('/api/v1/profile', { timezone: 'Europe/Berlin' }));

    const feed = await body(alice.post('/api/v1/calendar/feed'), 201);
    await ok(loopbackClient('CalendarApp/2.0').get(new URL(feed.url).pathname));
    await ok(alice.delete('/api/v1/calendar/feed'), 204);

    await ok(alice.put(`/api/v1/admin/users/${bobId}/role`, { role: 'admin' }), 403);
    await ok(alice.post('/api/auth/revoke-other-sessions'));
    await ok(
      alice.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Amber-Trellis-Kettle-77',
        revokeOtherSessions: false,
      }),
    );

    const rows = (await auditOf(aliceId)).slice(before);
    const kinds = rows.map((r) => `${r.action} ${r.resource_type} ${r.resource_id ?? '-'}`);
    expect(kinds).toEqual([
      `create entry ${entry.id}`,
      `read entry ${entry.id}`,
      `update entry ${entry.id}`,
      `delete entry ${entry.id}`,
      'import glucose_reading -',
      `create notification ${note.id}`,
      `read notification ${note.id}`,
      `update notification ${note.id}`,
      `delete notification ${note.id}`,
      `create appointment ${appt.id}`,
      `read appointment ${appt.id}`,
      `update appointment ${appt.id}`,
      `read appointment ${appt.id}`,
      `delete appointment ${appt.id}`,
      `create medication ${schedule.scheduleId}`,
      `update medication_dose ${doses.items[0].id}`,
      `create custom_food ${food.id}`,
      `delete custom_food ${food.id}`,
      `update profile ${aliceId}`,
      'create calendar_feed -',
      'use calendar_feed -',
      'revoke calendar_feed -',
      'access_denied admin -',
      'revoke session -',
      `password_change user ${aliceId}`,
    ]);
    for (const r of rows) {
      expect(r.ip_address, r.action).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(r.user_agent).toBe(r.action === 'use' ? 'CalendarApp/2.0' : UA);
    }
    // What changed is named, never its value; an import is one row with counts.
    expect(rows[2]!.details).toEqual({ fields: ['data.glucose', 'notes'] });
    expect(rows[4]!.details).toEqual({ source: 'import:csv', received: 3, stored: 3, duplicates: 0 });
    const text = JSON.stringify(rows);
    for (const marker of MARKERS) expect(text).not.toContain(marker);
    for (const value of [287, 291, 313, 42])
      expect(JSON.stringify(rows.map((r) => r.details))).not.toMatch(new RegExp(`\\b${value}\\b`));
  });

  it('shows a user their own history, newest first and keyset-paginated, and nobody else’s', async () => {
    const first = await body(alice.get('/api/v1/audit?limit=3'), 200);
    expect(first.items).toHaveLength(3);
    expect(first.items.map((i: { action: string }) => i.action)).toEqual([
      'password_change',
      'revoke',
      'access_denied',
    ]);
    expect(first.items[0]).toMatchObject({ resourceType: 'user', resourceId: aliceId, userAgent: UA });
    expect(first.items[0].ipAddress).toMatch(/127\.0\.0\.1$/);
    const second = await body(alice.get(`/api/v1/audit?limit=3&cursor=${first.nextCursor}`), 200);
    expect(second.items[0]).toMatchObject({ action: 'revoke', resourceType: 'calendar_feed' });
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await body(alice.get(`/api/v1/audit?limit=100${cursor ? `&cursor=${cursor}` : ''}`), 200);
      for (const item of page.items) seen.add(item.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe((await auditOf(aliceId)).length);
    expect([...seen].some((id) => first.items.some((i: { id: string }) => i.id === id))).toBe(true);

    const bobs = await body(bob.get('/api/v1/audit?limit=100'), 200);
    expect(bobs.items.some((i: { id: string }) => seen.has(i.id))).toBe(false);
    expect(bobs.items.map((i: { action: string }) => i.action)).toEqual(['sign_in', 'sign_up']);
    // RLS alone stops it too: a query without the user filter, in Bob's transaction.
    const leaked = await server.deps.db.asUser(bobId, (tx) =>
      tx.execute(sql`select id from audit_logs where user_id = ${aliceId}`),
    );
    expect(leaked.rows).toEqual([]);

    expect((await body(alice.get('/api/v1/audit?cursor=abc'), 400)).code).toBe('validation_failed');
    expect((await loopbackClient().get('/api/v1/audit')).status).toBe(401);
  });

  it('refuses UPDATE, DELETE and TRUNCATE for the app and for the table owner', async () => {
    for (const statement of [
      sql`update audit_logs set action = 'edited'`,
      sql`delete from audit_logs`,
      sql`truncate audit_logs`,
    ]) {
      await expect(server.deps.db.owner.execute(statement)).rejects.toThrow();
      await expect(server.deps.db.asSystem((tx) => tx.execute(statement))).rejects.toThrow();
    }
    const err = await server.deps.db.owner.execute(sql`delete from audit_logs`).catch((e) => e);
    expect(String(err.cause?.message ?? err.message)).toMatch(/append-only/);
    expect((await auditOf(aliceId)).every((r) => r.action !== 'edited')).toBe(true);
  });

  it('fails the action, writing nothing, when its audit row cannot be written', async () => {
    const entries = async () =>
      (
        await server.deps.db.asSystem((tx) =>
          tx.execute<{ n: number }>(
            sql`select count(*)::int as n from tracker_entries where user_id = ${aliceId}`,
          ),
        )
      ).rows[0]!.n;
    const count = await entries();
    const sessionsOf = async (userId: string) =>
      (
        await server.deps.db.owner.execute<{ n: number }>(
          sql`select count(*)::int as n from auth.session where user_id = ${userId}`,
        )
      ).rows[0]!.n;
    const bobSessions = await sessionsOf(bobId);
    // A realistic fault: the app role lost its INSERT grant on the audit log.
    await server.deps.db.owner.execute(sql`revoke insert on audit_logs from healthfolio_app`);
    try {
      const res = await alice.post('/api/v1/entries', {
        tracker: 'journal',
        occurredAt: new Date().toISOString(),
        data: { value: 'not written' },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((await res.json()).code).toBe('audit_unavailable');
      expect(await entries()).toBe(count);
      // A sign-in that cannot be recorded does not sign anyone in.
      const client = loopbackClient();
      const signIn = await client.post('/api/auth/sign-in/email', {
        email: 'bob-audit@example.com',
        password: PASSWORD,
      });
      expect(signIn.status).toBeGreaterThanOrEqual(500);
      expect(client.cookies.size).toBe(0);
      expect(await sessionsOf(bobId)).toBe(bobSessions);
    } finally {
      await server.deps.db.owner.execute(sql`grant insert on audit_logs to healthfolio_app`);
    }
    expect(
      (
        await alice.post('/api/v1/entries', {
          tracker: 'journal',
          occurredAt: new Date().toISOString(),
          data: { value: 'written' },
        })
      ).status,
    ).toBe(201);
  });

  it('chains each user’s rows, so audit:verify finds the first changed or removed row of that chain', async () => {
    // Concurrent writers (several pool connections on PostgreSQL) still form one unbroken chain per user.
    const writes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 3 ? alice : bob).post('/api/v1/entries', {
          tracker: 'journal',
          occurredAt: new Date(Date.now() - i * 60_000).toISOString(),
          data: { value: `parallel ${i}` },
        }),
      ),
    );
    expect(writes.map((r) => r.status)).toEqual(Array(12).fill(201));
    const stranger = { email: 'nobody-audit@example.com', password: PASSWORD };
    expect((await loopbackClient().post('/api/auth/sign-in/email', stranger)).status).toBe(401);
    const intact = await verifyAuditChains(server.deps.db);
    expect(intact.broken).toEqual([]);
    const chainOf = (report: typeof intact, userId: string) =>
      report.chains.find((c) => c.chain === `user:${userId}`)!;
    const aliceRows = await auditOf(aliceId);
    expect(aliceRows.map((r) => r.chain_seq)).toEqual(aliceRows.map((_, i) => i + 1));
    expect(chainOf(intact, aliceId)).toMatchObject({ rows: aliceRows.length, headSeq: aliceRows.length });
    expect(chainOf(intact, bobId).rows).toBe((await auditOf(bobId)).length);
    // A row without a user (a failed sign-in) goes on a system chain.
    expect(intact.chains.some((c) => c.chain.startsWith('system:'))).toBe(true);

    const target = aliceRows[5]!;
    const tamper = async (statement: ReturnType<typeof sql>) => {
      // Only a superuser who switches the guard off can do this; the chain still shows it.
      await server.deps.db.owner.execute(
        sql`alter table audit_logs disable trigger audit_logs_no_update_delete`,
      );
      try {
        await server.deps.db.owner.execute(statement);
      } finally {
        await server.deps.db.owner.execute(
          sql`alter table audit_logs enable trigger audit_logs_no_update_delete`,
        );
      }
    };
    await tamper(sql`update audit_logs set ip_address = '10.9.9.9' where seq = ${target.seq}`);
    const changed = await verifyAuditChains(server.deps.db);
    expect(changed.broken.map((c) => c.chain)).toEqual([`user:${aliceId}`]);
    expect(chainOf(changed, aliceId).broken).toMatchObject({
      seq: target.chain_seq,
      reason: 'its content does not match its hash',
    });
    expect(chainOf(changed, aliceId).rows).toBe(target.chain_seq - 1);

    await tamper(sql`delete from audit_logs where seq = ${target.seq}`);
    const removed = await verifyAuditChains(server.deps.db);
    expect(chainOf(removed, aliceId).broken).toMatchObject({
      seq: target.chain_seq + 1,
      reason: `row ${target.chain_seq} is missing`,
    });

    // The last row of Bob's chain dropped: the head still records it.
    const bobRows = await auditOf(bobId);
    await tamper(sql`delete from audit_logs where seq = ${bobRows.at(-1)!.seq}`);
    const cut = await verifyAuditChains(server.deps.db);
    expect(chainOf(cut, bobId).broken).toMatchObject({
      seq: bobRows.length,
      reason: `the chain head records ${bobRows.length} rows; the table ends at ${bobRows.length - 1}`,
    });
    expect(cut.broken).toHaveLength(2);

    // The owner can also rewrite the head to the new end: the chain alone then looks whole. A head kept
    // outside the database from the earlier run is what shows the cut.
    const keptHead = { chain: `user:${bobId}`, seq: bobRows.length, hash: chainOf(intact, bobId).headHash };
    await server.deps.db.owner.execute(sql`update audit_chain_heads h set last_seq = a.chain_seq,
      last_hash = a.hash from audit_logs a where h.chain = a.chain and a.seq = ${bobRows.at(-2)!.seq}`);
    const rewritten = await verifyAuditChains(server.deps.db, [keptHead]);
    expect(chainOf(rewritten, bobId).broken).toBeNull();
    expect(rewritten.unreached).toEqual([{ ...keptHead, reason: 'the row is no longer in the table' }]);
  });
});
