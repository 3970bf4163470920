import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let patient: TestClient;
let documentBytes: number;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'chief@example.com'));
  ({ client: patient } = await signUpAndSignIn(server, 'patient@example.com'));
  // Two shares (one revoked) and one document of 17 bytes.
  const share = async (email: string) =>
    (await (await patient.post('/api/v1/shares', { email })).json()) as { id: string };
  await share('carer-one@example.com');
  const gone = await share('carer-two@example.com');
  await patient.post(`/api/v1/shares/${gone.id}/revoke`);
  const doc = await uploadDocument(server, patient, {
    file: pdfWith(''),
    name: 'note.pdf',
    title: 'Note',
    category: 'Other',
  });
  expect(doc.status).toBe(201);
  documentBytes = (await doc.json()).fileSize;
  const at = new Date().toISOString();
  for (const data of [
    { weight: 80, weightUnit: 'kg' },
    { weight: 79.5, weightUnit: 'kg' },
  ])
    await patient.post('/api/v1/entries', { tracker: 'weight', occurredAt: at, data });
  await patient.post('/api/v1/entries', {
    tracker: 'mood-energy',
    occurredAt: at,
    data: { mood: 4, energy: 3 },
  });
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('admin figures', () => {
  it('dashboard counts come from the records, with health and quick status', async () => {
    const d = await (await admin.get('/api/v1/admin/dashboard')).json();
    expect(d).toMatchObject({
      totalUsers: 2,
      signupsLast7Days: 2,
      activeUsersLast30Days: 2,
      pendingApproval: 0,
      shares: { active: 1, total: 2 },
      documents: { count: 1, storageBytes: documentBytes },
      maintenance: false,
      registrationOpen: true,
      health: { status: 'operational' },
    });
    expect(d.trackerEntries).toBeGreaterThanOrEqual(2);
    expect(d.databaseBytes).toBeGreaterThan(0);
    expect(d.unavailable).toEqual([]);
  });

  it('system health reports a scheduler that leaves due reminders undelivered', async () => {
    const { userId } = await signUpAndSignIn(server, 'forgotten@example.com');
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into notifications (user_id, title, content, type, priority, sender_name, sender_type, recipient_type, due_date)
        values (${userId}, 'Dose', 'Take it', 'reminder', 'medium', 'You', 'user', 'patient', now() - interval '1 hour')`),
    );
    const d = await (await admin.get('/api/v1/admin/dashboard')).json();
    expect(d.health.status).toBe('issues');
    expect(d.health.checks.find((c: { name: string }) => c.name === 'Reminder scheduler')).toMatchObject({
      ok: false,
      detail: '1 reminder overdue',
      since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`update notifications set delivered_at = now() where user_id = ${userId}`),
    );
  });

  it('daily active users count accounts that signed in or acted themselves, never more than the 30-day figure', async () => {
    // Rows the system writes about people (a reminder, an alarm), with no one acting.
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into audit_logs (user_id, action, resource_type)
        values (gen_random_uuid(), 'create', 'notification'), (gen_random_uuid(), 'create', 'glucose_alarm')`),
    );
    const d = await (await admin.get('/api/v1/admin/dashboard')).json();
    const a = await (await admin.get('/api/v1/admin/analytics')).json();
    const todayActive = a.dailyActiveUsers.at(-1).count;
    expect(todayActive).toBeLessThanOrEqual(d.totalUsers);
    expect(todayActive).toBe(d.activeUsersLast30Days);
  });

  it('analytics: 30 daily points, entries per tracker, feature use, devices and measured latency', async () => {
    const a = await (await admin.get('/api/v1/admin/analytics')).json();
    expect(a.dailySignups).toHaveLength(30);
    expect(a.dailySignups.at(-1)).toEqual({ day: today(), count: expect.any(Number) });
    expect(a.dailySignups.at(-1).count).toBeGreaterThanOrEqual(2);
    expect(a.dailyActiveUsers.at(-1).count).toBeGreaterThanOrEqual(2);
    expect(a.entriesPerTracker).toEqual(
      expect.arrayContaining([
        { tracker: 'weight', count: 2 },
        { tracker: 'mood-energy', count: 1 },
      ]),
    );
    expect(a.featureUse.find((f: { feature: string }) => f.feature === 'entry')).toMatchObject({
      events: 3,
      users: 1,
    });
    expect(a.devices).toEqual([{ kind: 'unknown', sessions: expect.any(Number) }]);
    expect(a.requests.count).toBeGreaterThan(5);
    expect(a.requests.p50Ms).toBeGreaterThan(0);
    expect(a.requests.p99Ms).toBeGreaterThanOrEqual(a.requests.p50Ms);
    expect(a.requests.errorRate).toBe(0);
  });

  it('data management: rows and bytes per table and area, and the database size', async () => {
    const res = await admin.get('/api/v1/admin/data');
    const d = await res.json();
    expect([res.status, d.detail]).toEqual([200, undefined]);
    expect(d.tables.find((t: { table: string }) => t.table === 'public.tracker_entries')).toMatchObject({
      area: 'tracking',
      rows: 3,
    });
    expect(d.tables.find((t: { table: string }) => t.table === 'auth.user').rows).toBeGreaterThanOrEqual(2);
    expect(d.areas.map((a: { area: string }) => a.area)).toEqual(
      expect.arrayContaining(['accounts', 'tracking', 'system']),
    );
    expect(d.databaseBytes).toBeGreaterThan(d.areas[0].bytes);
  });
});

describe('admin audit logs', () => {
  it('search by action, resource type or user id in a window, newest first, a page at a time', async () => {
    const all = await (await admin.get('/api/v1/admin/audit-logs?window=24h')).json();
    const times = all.items.map((e: { createdAt: string }) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.items.map((e: { userId: string }) => e.userId)).size).toBeGreaterThan(1);
    const entries = await (await admin.get('/api/v1/admin/audit-logs?q=ENTRY')).json();
    expect(entries.items.length).toBeGreaterThanOrEqual(3);
    expect(entries.items.every((e: { resourceType: string }) => e.resourceType === 'entry')).toBe(true);
    const mine = await (await admin.get(`/api/v1/admin/audit-logs?q=${adminId.slice(0, 13)}`)).json();
    expect(mine.items.every((e: { userId: string }) => e.userId === adminId)).toBe(true);

    const first = await (await admin.get('/api/v1/admin/audit-logs?limit=2')).json();
    expect(first.items).toHaveLength(2);
    const next = await (
      await admin.get(`/api/v1/admin/audit-logs?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(next.items[0].id).toBe(all.items[2].id);
    expect((await admin.get('/api/v1/admin/audit-logs?window=1y')).status).toBe(400);
    expect((await admin.get('/api/v1/admin/audit-logs?limit=1001')).status).toBe(400);
    expect((await (await admin.get('/api/v1/admin/audit-logs?q=no-such-thing')).json()).items).toEqual([]);
  });

  it('finds a kind of record by the words the console shows for it, or by its stored name, and nothing else', async () => {
    const search = async (q: string) =>
      (await (await admin.get(`/api/v1/admin/audit-logs?q=${encodeURIComponent(q)}`)).json()).items as {
        id: string;
        resourceType: string;
        summary: string;
      }[];
    // The patient's two shares and one revoke read "… a share with a caregiver".
    const byWords = await search('Share with a');
    expect(byWords.length).toBeGreaterThanOrEqual(3);
    expect(new Set(byWords.map((e) => e.resourceType))).toEqual(new Set(['shared_access']));
    expect(byWords.map((e) => e.id).sort()).toEqual((await search('shared_access')).map((e) => e.id).sort());
    // Their document is "a document"; their weight and mood entries are not.
    const documents = await search('document');
    expect(documents.length).toBeGreaterThanOrEqual(1);
    expect(documents.every((e) => e.resourceType === 'document')).toBe(true);
    // Words from the middle of a word are not a search for a kind of record.
    expect(await search('hare with')).toEqual([]);
  });

  it('says what happened in words, names the people and the browser, never codes or raw user agents', async () => {
    const pat = await signUpAndSignIn(server, 'pat-words@example.com');
    await pat.client.patch('/api/v1/profile', { displayName: 'Pat Words' });
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
    const role = await admin.request(
      'PUT',
      `/api/v1/admin/users/${pat.userId}/role`,
      { role: 'moderator' },
      {
        'user-agent': chrome,
      },
    );
    expect(role.status).toBe(200);
    await admin.put(`/api/v1/admin/settings/max_file_size`, { value: { value: 10, unit: 'MB' } });
    const { items } = await (await admin.get('/api/v1/admin/audit-logs?window=24h')).json();
    const [setting, assign] = items;
    expect(assign).toMatchObject({
      summary: expect.stringMatching(/ changed Pat Words’s role from User to Moderator$/),
      device: 'Chrome on Linux',
      person: { email: 'chief@example.com' },
    });
    expect(setting.summary).toMatch(/ changed “Maximum file size”$/);
    const signIn = items.find(
      (e: { userId: string; action: string }) => e.userId === pat.userId && e.action === 'sign_in',
    );
    expect(signIn.summary).toBe('Pat Words signed in');
    expect(signIn.person).toEqual({ name: 'Pat Words', email: 'pat-words@example.com' });
  });

  it('exports the window as CSV, safe to open in a spreadsheet, and audits the export', async () => {
    await server.deps.db.asSystem((tx) =>
      tx.execute(
        sql`insert into audit_logs (user_id, action, resource_type, user_agent) values (null, 'probe', 'admin', '=HYPERLINK("x")')`,
      ),
    );
    const res = await admin.get('/api/v1/admin/audit-logs/export?window=7d&q=probe');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-logs-/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'created_at,what_happened,person,email,browser,user_id,action,resource_type,resource_id,details,ip_address,user_agent',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /,Something happened on this server,,,An unknown browser or app,,probe,admin,,,,"'=HYPERLINK\(""x""\)"$/,
    );
    const after = await (await admin.get('/api/v1/admin/audit-logs?q=export_audit')).json();
    expect(after.items[0]).toMatchObject({ userId: adminId, details: { window: '7d', rows: 1 } });
  });
});
