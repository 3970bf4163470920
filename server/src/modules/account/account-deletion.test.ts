import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, setRole } from '../../../test/admin';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import {
  APP_URL,
  createTestServer,
  PASSWORD,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { addPerson } from '../../../test/household';
import { nsRequest } from '../../../test/nightscout-apps';
import { authorizeAtProvider, startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider';
import { enableTotp, totpCode } from '../../../test/two-factor';
import { verifyAuditChains } from '../audit/audit-verify';

const GOOGLE = { sub: 'google-sub-leaver', email: 'leaver.google@example.com', name: 'Lee Leaver' };
const GOOGLE_GUARDIAN = {
  sub: 'google-sub-guardian',
  email: 'guardian.google@example.com',
  name: 'Gia Guardian',
};

let server: TestServer;
let oidc: TestOidcProvider;
beforeAll(async () => {
  oidc = await startOidcProvider(`${APP_URL}/api/auth/oauth2/callback/google`, [GOOGLE, GOOGLE_GUARDIAN]);
  server = await createTestServer({
    trustProxy: 1,
    google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, discoveryUrl: oidc.discoveryUrl },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

const deleteMe = (client: TestClient, body: Record<string, unknown>) =>
  client.request('DELETE', '/api/v1/me', body);

/** Every column (id, text or JSON) of every table, app and auth schemas, that contains this value, as `table.column: rows`. */
const rowsNaming = async (id: string) => {
  const { rows: columns } = await server.deps.db.owner.execute<{ s: string; t: string; c: string }>(sql`
    select c.table_schema as s, c.table_name as t, c.column_name as c from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema in ('public', 'auth') and t.table_type = 'BASE TABLE'
      and c.data_type in ('uuid', 'text', 'character varying', 'jsonb')`);
  expect(columns.some((c) => c.t === 'documents' && c.c === 'user_id')).toBe(true);
  // One statement: a count per column, one row per table (a query per column took seconds).
  const byTable = new Map<string, { s: string; t: string; cols: string[] }>();
  for (const { s, t, c } of columns) {
    const key = `${s}.${t}`;
    if (!byTable.has(key)) byTable.set(key, { s, t, cols: [] });
    byTable.get(key)!.cols.push(c);
  }
  const perTable = [...byTable.values()].map(
    ({ s, t, cols }) =>
      sql`select ${t}::text as t, array[${sql.join(
        cols.map(
          (c) =>
            sql`${c}::text || ': ' || count(*) filter (where position(${id} in ${sql.identifier(c)}::text) > 0)`,
        ),
        sql`, `,
      )}] as counts from ${sql.identifier(s)}.${sql.identifier(t)}`,
  );
  const found: string[] = [];
  await server.deps.db.owner.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.system', 'on', true)`);
    const { rows } = await tx.execute<{ t: string; counts: string[] }>(sql.join(perTable, sql` union all `));
    for (const { t, counts } of rows)
      for (const entry of counts) if (!entry.endsWith(': 0')) found.push(`${t}.${entry}`);
  });
  return found.sort();
};

/** The names of every file under the data directory (documents, photos, packets, their key records). */
const storedNames = (dir = server.deps.config.dataDir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? storedNames(join(dir, e.name)) : [e.name],
  );

const storageIdsOf = async (userId: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{ id: string }>(sql`select storage_id::text as id from documents where user_id = ${userId}`),
    )
  ).rows.map((r) => r.id);

describe('the schema', () => {
  it('every column that points at a user row cascades, except the few that name who acted (set null)', async () => {
    const { rows } = await server.deps.db.owner.execute<{ col: string; rule: string }>(sql`
      select cl.relname || '.' || a.attname as col, c.confdeltype as rule
      from pg_constraint c join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'auth.user'::regclass order by 1`);
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((r) => r.rule !== 'c').map((r) => `${r.col}:${r.rule}`)).toEqual([
      'backups.created_by:n',
      'platform_settings.updated_by:n',
      'shared_access.bound_user_id:n',
      'user_roles.assigned_by:n',
    ]);
    // A user column without a foreign key is erased by hand (erase-person.ts) or kept on purpose.
    const { rows: loose } = await server.deps.db.owner.execute<{ col: string }>(sql`
      select c.table_name || '.' || c.column_name as col from information_schema.columns c
      where c.table_schema in ('public', 'auth') and c.data_type = 'uuid'
        and c.column_name ~ '(^|_)(user|person|guardian|owner|account)_id$'
        and not exists (
          select 1 from pg_constraint k join pg_class cl on cl.oid = k.conrelid
          join pg_namespace n on n.oid = cl.relnamespace
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
          where k.contype = 'f' and n.nspname = c.table_schema and cl.relname = c.table_name
            and a.attname = c.column_name)
      order by 1`);
    expect(loose.map((r) => r.col)).toEqual([
      'audit_chain_heads.user_id',
      'audit_logs.user_id',
      'mail_outbox.user_id',
    ]);
  });
});

describe('delete my account', () => {
  it('with the password: every row, file, session, share link and follower token of the person goes; the audit chains still verify', async () => {
    // Every file the person's record makes from here on must be gone after the deletion, whatever kind.
    const before = new Set(storedNames());
    const { client, userId } = await signUpAndSignIn(server, 'leaver@example.com');
    expect(
      (
        await uploadDocument(server, client, {
          file: pdfWith('leaver'),
          name: 'a1c.pdf',
          title: 'A1C',
          category: 'Lab Results',
        })
      ).status,
    ).toBe(201);
    const readings = [1, 2].map((i) => ({ at: new Date(Date.now() - i * 300_000).toISOString(), mgdl: 123 }));
    expect(
      (await client.post('/api/v1/glucose/readings/batch', { source: 'import:csv', readings })).status,
    ).toBeLessThan(300);
    const share = await (
      await client.post('/api/v1/shares', {
        email: 'carer-of-leaver@example.com',
        categories: ['documents'],
        accessType: 'full_access',
      })
    ).json();
    const shareToken = new URL(share.link).pathname.split('/').pop();
    const follower = await (
      await client.post('/api/v1/devices/nightscout/followers', { name: 'Mum' })
    ).json();
    const shared = () =>
      server.client().get(`/api/v1/shared/${shareToken}/documents`, { 'x-forwarded-for': '198.51.100.7' });
    const followed = () => nsRequest(server, `/api/v1/entries.json?token=${follower.token}`);
    expect((await shared()).status).toBe(200);
    expect((await followed()).status).toBe(200);
    // An exported record waiting for its download is one of their files too.
    expect((await client.post('/api/v1/export/record', {})).status).toBe(202);
    await server.deps.jobs.runOnce();
    const files = await storageIdsOf(userId);
    expect(files).toHaveLength(1);
    expect(storedNames().some((n) => n.startsWith(files[0]!))).toBe(true);

    // No password is asked for, not called wrong; a wrong one deletes nothing.
    const empty = await deleteMe(client, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: 'password_required',
      detail: 'Enter your password to delete your account.',
    });
    const wrong = await deleteMe(client, { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe('password_incorrect');
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    expect((await shared()).status).toBe(200);

    const done = await deleteMe(client, { password: PASSWORD });
    expect(done.status).toBe(204);
    expect(done.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true);

    // The caregiver's link and the follower app stop working on their next request; so does the session.
    expect((await shared()).status).toBeGreaterThanOrEqual(400);
    expect((await followed()).status).toBe(401);
    expect((await client.get('/api/v1/profile')).status).toBe(401);

    // Nothing of the person in any table but their audit rows (id and event only), nothing in storage.
    expect((await rowsNaming(userId)).filter((r) => !r.startsWith('audit_'))).toEqual([]);
    expect(await rowsNaming('leaver@example.com')).toEqual([]);
    expect(storedNames().some((n) => n.startsWith(files[0]!))).toBe(false);
    expect(storedNames().filter((n) => !before.has(n))).toEqual([]);
    const audit = await server.deps.db.asSystem((tx) =>
      tx.execute<{ action: string; details: unknown; ip_address: string | null; user_agent: string | null }>(
        sql`select action, details, ip_address, user_agent from audit_logs where user_id = ${userId} order by seq`,
      ),
    );
    expect(audit.rows.length).toBeGreaterThan(3);
    expect(
      audit.rows.every((r) => r.details === null && r.ip_address === null && r.user_agent === null),
    ).toBe(true);
    expect(audit.rows.at(-1)?.action).toBe('delete');
    // A sign-in with the old address is refused (recorded as about no account).
    const signIn = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'leaver@example.com', password: PASSWORD });
    expect(signIn.status).toBe(401);
    const report = await verifyAuditChains(server.deps.db);
    expect(report.broken).toEqual([]);
    expect(report.chains.find((c) => c.chain === `user:${userId}`)?.rows).toBe(audit.rows.length);
  });

  it('with two-factor on, also needs a code from the authenticator app (a wrong one deletes nothing)', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'leaver-totp@example.com');
    const { totp } = await enableTotp(client);
    const missing = await deleteMe(client, { password: PASSWORD });
    expect([missing.status, (await missing.json()).code]).toEqual([403, 'code_required']);
    const wrong = await deleteMe(client, {
      password: PASSWORD,
      code: '000000' === totpCode(totp) ? '111111' : '000000',
    });
    expect([wrong.status, (await wrong.json()).code]).toEqual([403, 'code_incorrect']);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    expect((await deleteMe(client, { password: PASSWORD, code: totpCode(totp) })).status).toBe(204);
    expect(await rowsNaming(userId)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/^two_factor/)]),
    );
    expect((await rowsNaming(userId)).filter((r) => !r.startsWith('audit_'))).toEqual([]);
  });

  it('signed up with Google (no password): only a sign-in from the last 10 minutes confirms it', async () => {
    const client = server.client();
    const start = await client.post('/api/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: '/dashboard',
    });
    const callback = await authorizeAtProvider((await start.json()).url, GOOGLE.sub);
    expect((await client.get(callback.pathname + callback.search)).status).toBe(302);
    const userId = (await (await client.get('/api/v1/profile')).json()).userId as string;
    await server.deps.db.owner.execute(
      sql`update auth.session set created_at = now() - interval '11 minutes' where user_id = ${userId}`,
    );
    const old = await deleteMe(client, {});
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({
      code: 'recent_sign_in_required',
      detail: 'For your safety, sign in again, then delete your account within 10 minutes.',
    });
    await server.deps.db.owner.execute(
      sql`update auth.session set created_at = now() - interval '2 minutes' where user_id = ${userId}`,
    );
    expect((await deleteMe(client, {})).status).toBe(204);
    expect((await rowsNaming(userId)).filter((r) => !r.startsWith('audit_'))).toEqual([]);
  });

  it('a guardian deletes a person they keep the same way: Google with a recent sign-in, a code with two-factor', async () => {
    const google = GOOGLE_GUARDIAN;
    const client = server.client();
    const start = await client.post('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL: '/' });
    const callback = await authorizeAtProvider((await start.json()).url, google.sub);
    expect((await client.get(callback.pathname + callback.search)).status).toBe(302);
    const guardianId = (await (await client.get('/api/v1/profile')).json()).userId as string;
    const mia = await addPerson(client, 'Mia');
    const path = `/api/v1/household/people/${mia}`;

    // Someone else's person is not found, whatever they type.
    const { client: stranger } = await signUpAndSignIn(server, 'not-mias-guardian@example.com');
    expect((await stranger.request('DELETE', path, { password: PASSWORD })).status).toBe(404);

    await server.deps.db.owner.execute(
      sql`update auth.session set created_at = now() - interval '11 minutes' where user_id = ${guardianId}`,
    );
    const old = await client.request('DELETE', path, {});
    expect(old.status).toBe(403);
    expect((await old.json()).code).toBe('recent_sign_in_required');
    await server.deps.db.owner.execute(
      sql`update auth.session set created_at = now() - interval '1 minute' where user_id = ${guardianId}`,
    );
    expect((await client.request('DELETE', path, {})).status).toBe(204);
    expect((await rowsNaming(mia)).filter((r) => !r.startsWith('audit_'))).toEqual([]);

    // With two-factor on, a password alone deletes nothing.
    const { client: parent } = await signUpAndSignIn(server, 'two-factor-parent@example.com');
    const leo = await addPerson(parent, 'Leo');
    const { totp } = await enableTotp(parent);
    const leoPath = `/api/v1/household/people/${leo}`;
    const noCode = await parent.request('DELETE', leoPath, { password: PASSWORD });
    expect((await noCode.json()).code).toBe('code_required');
    expect((await parent.get('/api/v1/household')).status).toBe(200);
    expect(
      (await parent.request('DELETE', leoPath, { password: PASSWORD, code: totpCode(totp) })).status,
    ).toBe(204);
  });

  it('the only guardian of someone is refused until they are deleted or handed over, names listed', async () => {
    const { client } = await signUpAndSignIn(server, 'leaver-parent@example.com');
    await addPerson(client, 'Mia');
    const res = await deleteMe(client, { password: PASSWORD });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'dependents_remaining',
      detail: expect.stringContaining('(Mia)'),
    });
    expect((await client.get('/api/v1/household')).status).toBe(200);
  });
});

describe('the audit log stays append-only', () => {
  it('erasure may only blank details, IP address and user agent, and only as the owner', async () => {
    await signUpAndSignIn(server, 'audited@example.com');
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ id: string }>(sql`select id from audit_logs where content_digest is not null limit 1`),
    );
    const id = rows[0]!.id;
    const erasing = (change: ReturnType<typeof sql>) =>
      server.deps.db.owner.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.system', 'on', true)`);
        await tx.execute(sql`select set_config('app.audit_erasure', 'on', true)`);
        await tx.execute(change);
      });
    await expect(
      erasing(sql`update audit_logs set action = 'sign_in', details = null, ip_address = null, user_agent = null,
        scrubbed_at = now() where id = ${id}`),
    ).rejects.toThrow();
    await expect(erasing(sql`delete from audit_logs where id = ${id}`)).rejects.toThrow();
    await expect(
      server.deps.db.asSystem(async (tx) => {
        await tx.execute(sql`select set_config('app.audit_erasure', 'on', true)`);
        await tx.execute(
          sql`update audit_logs set details = null, ip_address = null, user_agent = null, scrubbed_at = now() where id = ${id}`,
        );
      }),
    ).rejects.toThrow();
    expect((await verifyAuditChains(server.deps.db)).broken).toEqual([]);
  });
});

describe('an admin deletes an account from the console', () => {
  it('with their own password and code, audited; the last admin cannot delete themselves', async () => {
    const admin = await signUpAndSignIn(server, 'leave-admin@example.com');
    await setRole(server, admin.userId, 'admin');
    const { totp } = await enableTotp(admin.client);
    const target = await signUpAndSignIn(server, 'deleted-by-admin@example.com');
    const path = `/api/v1/admin/users/${target.userId}`;
    const wrong = await admin.client.request('DELETE', path, {
      password: 'not-the-password',
      code: totpCode(totp),
    });
    expect(wrong.status).toBe(403);
    expect((await admin.client.request('DELETE', path, { password: PASSWORD })).status).toBe(403);
    expect((await admin.client.get(path)).status).toBe(200);

    expect(
      (await admin.client.request('DELETE', path, { password: PASSWORD, code: totpCode(totp) })).status,
    ).toBe(204);
    expect((await admin.client.get(path)).status).toBe(404);
    expect((await target.client.get('/api/v1/profile')).status).toBe(401);
    expect((await rowsNaming(target.userId)).filter((r) => !r.startsWith('audit_'))).toEqual([]);
    expect((await auditRows(server, 'delete_user')).at(-1)).toMatchObject({
      user_id: admin.userId,
      resource_type: 'user',
      resource_id: target.userId,
    });

    const last = await deleteMe(admin.client, { password: PASSWORD, code: totpCode(totp) });
    expect(last.status).toBe(409);
    expect((await last.json()).code).toBe('last_admin');
    expect((await verifyAuditChains(server.deps.db)).broken).toEqual([]);
  });
});
