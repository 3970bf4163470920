import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import {
  createTestServer,
  latestMailLink,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';

let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'chief@example.com'));
});
afterAll(() => server.close());

const setSetting = (key: string, value: unknown) => admin.put(`/api/v1/admin/settings/${key}`, { value });
const reset = () => admin.post('/api/v1/admin/settings/reset');

describe('platform settings', () => {
  it('list the documented defaults, grouped by category', async () => {
    const { items } = await (await admin.get('/api/v1/admin/settings')).json();
    expect(Object.fromEntries(items.map((s: { key: string; value: unknown }) => [s.key, s.value]))).toEqual({
      maintenance_mode: {
        enabled: false,
        message: 'Healthfolio is down for maintenance. Please check back soon.',
      },
      max_file_size: { value: 10, unit: 'MB' },
      session_timeout: { value: 30, unit: 'minutes' },
      email_notifications: { enabled: true },
      user_registration: { enabled: true, require_approval: false },
      landing_page: { show_usage_figures: false },
    });
    expect(items.find((s: { key: string }) => s.key === 'session_timeout')).toMatchObject({
      category: 'security',
      isDefault: true,
    });
  });

  it('refuse invalid values with an error for each problem and keep the old value', async () => {
    const cases: [string, unknown, string[]][] = [
      ['max_file_size', { value: 1.5, unit: 'MB' }, ['value.value']],
      ['max_file_size', { value: 10, unit: 'TB' }, ['value.unit']],
      ['max_file_size', { value: 3, unit: 'GB' }, ['value.value']],
      ['session_timeout', { value: 2, unit: 'minutes' }, ['value.value']],
      ['session_timeout', { value: 31, unit: 'days' }, ['value.value']],
      ['maintenance_mode', { enabled: 'yes', message: '' }, ['value.enabled', 'value.message']],
      ['user_registration', { enabled: true }, ['value.require_approval']],
      ['email_notifications', { enabled: true, extra: 1 }, ['value']],
    ];
    for (const [key, value, paths] of cases) {
      const res = await setSetting(key, value);
      expect([key, res.status]).toEqual([key, 400]);
      const body = await res.json();
      expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(paths);
    }
    expect((await admin.put('/api/v1/admin/settings/no_such_key', { value: {} })).status).toBe(400);
    const { items } = await (await admin.get('/api/v1/admin/settings')).json();
    expect(items.every((s: { isDefault: boolean }) => s.isDefault)).toBe(true);
  });

  it('audit every change with the admin, IP and user agent; Reset to Defaults restores them', async () => {
    const res = await admin.request(
      'PUT',
      '/api/v1/admin/settings/max_file_size',
      { value: { value: 2, unit: 'GB' } },
      {
        'user-agent': 'AdminBrowser/1.0',
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      key: 'max_file_size',
      value: { value: 2, unit: 'GB' },
      isDefault: false,
      updatedBy: adminId,
    });
    expect(await server.deps.settings.maxFileSizeBytes()).toBe(2 * 1024 ** 3);
    const [row] = (await auditRows(server, 'update_setting')).slice(-1);
    expect(row).toMatchObject({
      user_id: adminId,
      resource_type: 'platform_setting',
      resource_id: 'max_file_size',
      details: { key: 'max_file_size', value: { value: 2, unit: 'GB' } },
      user_agent: 'AdminBrowser/1.0',
    });
    expect(row!.ip_address).toBeTruthy();

    const after = await (await reset()).json();
    expect(after.items.find((s: { key: string }) => s.key === 'max_file_size').value).toEqual({
      value: 10,
      unit: 'MB',
    });
    expect(await server.deps.settings.maxFileSizeBytes()).toBe(10 * 1024 ** 2);
    expect((await auditRows(server, 'update_setting')).at(-1)).toMatchObject({
      details: { key: 'max_file_size', reset: true },
    });
  });

  it('the table is out of reach of user-scoped transactions', async () => {
    await setSetting('email_notifications', { enabled: false });
    const rows = await server.deps.db.asUser(adminId, (tx) =>
      tx.execute(sql`select * from platform_settings`),
    );
    expect(rows.rows).toHaveLength(0);
    await expect(
      server.deps.db.asUser(adminId, (tx) =>
        tx.execute(
          sql`insert into platform_settings (setting_key, setting_value, category, description) values ('x', '{}', 'other', 'x')`,
        ),
      ),
    ).rejects.toThrow();
    await reset();
  });
});

describe('settings take effect', () => {
  it('maintenance mode: users and visitors get the message as a 503, admins keep working', async () => {
    const { client: user } = await signUpAndSignIn(server, 'patient@example.com');
    const message = 'Back at 14:00 UTC after the database upgrade.';
    expect((await setSetting('maintenance_mode', { enabled: true, message })).status).toBe(200);
    try {
      for (const c of [user, server.client()]) {
        const res = await c.get('/api/v1/profile');
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(await res.json()).toMatchObject({ code: 'maintenance', detail: message });
      }
      expect(
        (await user.post('/api/v1/notifications', { type: 'note', title: 'a', content: 'b' })).status,
      ).toBe(503);
      expect((await admin.get('/api/v1/profile')).status).toBe(200);
      expect((await admin.get('/api/v1/admin/settings')).status).toBe(200);
      expect((await server.client().get('/api/health')).status).toBe(200);
      expect(await (await server.client().get('/api/v1/public/overview')).json()).toMatchObject({
        maintenance: { enabled: true, message },
      });
    } finally {
      await setSetting('maintenance_mode', { enabled: false, message });
    }
    expect((await user.get('/api/v1/profile')).status).toBe(200);
  });

  it('landing_page: the public overview shows no figures until the admin turns them on, then real ones', async () => {
    const anon = server.client();
    expect((await (await anon.get('/api/v1/public/overview')).json()).usage).toBeNull();
    const { client: sharer } = await signUpAndSignIn(server, 'landing-sharer@example.com');
    expect((await sharer.post('/api/v1/shares', { email: 'Carer@Example.com' })).status).toBe(201);
    expect((await sharer.post('/api/v1/shares', { email: 'carer@example.com' })).status).toBe(201);
    await setSetting('landing_page', { show_usage_figures: true });
    try {
      // A person a guardian keeps is not an account (no sign-in of their own).
      const ward = await sharer.post('/api/v1/household/people', { displayName: 'Mia Kept' });
      expect(ward.status).toBe(201);
      const { usage } = await (await anon.get('/api/v1/public/overview')).json();
      const d = await (await admin.get('/api/v1/admin/dashboard')).json();
      // The same figures as the console's "Total users" and "Entries logged"; a caregiver invited twice counts once.
      expect(usage).toEqual({
        accounts: d.totalUsers,
        entriesLogged: d.trackerEntries + d.glucoseReadings,
        caregivers: 1,
      });
      expect(d.totalPeople).toBe(d.totalUsers + 1);
    } finally {
      await setSetting('landing_page', { show_usage_figures: false });
    }
  });

  it('closed registration refuses every sign-up alike', async () => {
    await signUpAndSignIn(server, 'existing@example.com');
    await setSetting('user_registration', { enabled: false, require_approval: false });
    try {
      for (const email of ['newcomer@example.com', 'existing@example.com']) {
        const res = await server.client().post('/api/auth/sign-up/email', { email, password: PASSWORD });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({
          code: 'registration_closed',
          detail: 'Sign-up is closed on this Healthfolio instance.',
        });
      }
      expect(await (await server.client().get('/api/v1/public/overview')).json()).toMatchObject({
        registration: { open: false },
      });
    } finally {
      await reset();
    }
  });

  it('require_approval: a new account waits in the approval queue until an admin enables it', async () => {
    await setSetting('user_registration', { enabled: true, require_approval: true });
    const email = 'waiting@example.com';
    const client = server.client();
    try {
      expect((await client.post('/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
    } finally {
      await reset();
    }
    const link = new URL(await latestMailLink(server.deps.db, email));
    await client.get(link.pathname + link.search);
    const refused = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe(
      'Your account is waiting for an administrator’s approval. You can sign in once it is approved.',
    );
    const queue = await (await admin.get('/api/v1/admin/users?status=pending_approval')).json();
    expect(queue.items).toHaveLength(1);
    const { userId } = queue.items[0];
    expect((await admin.put(`/api/v1/admin/users/${userId}/status`, { status: 'active' })).status).toBe(200);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    expect((await auditRows(server, 'approve_user')).at(-1)).toMatchObject({
      user_id: adminId,
      resource_id: userId,
    });
  });

  it('session_timeout sets how long an unused session lives', async () => {
    await setSetting('session_timeout', { value: 10, unit: 'minutes' });
    try {
      const { client, userId } = await signUpAndSignIn(server, 'timeout@example.com');
      const { rows } = await server.deps.db.owner.execute<{ minutes: number }>(
        sql`select extract(epoch from expires_at - now()) / 60 as minutes from auth.session where user_id = ${userId}`,
      );
      expect(Number(rows[0]!.minutes)).toBeCloseTo(10, 0);
      expect((await client.get('/api/v1/profile')).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
      try {
        expect((await client.get('/api/v1/profile')).status).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await reset();
    }
  });
});
