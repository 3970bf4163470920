import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../test/harness';
import { actingFor, addPerson } from '../../test/household';
import { auditLogs, profiles, userRoles } from './schema';
import { APP_ROLE, GUEST_ROLE } from './schema/rls';

let server: TestServer;
let alice: string;
let bob: string;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice@example.com')).userId;
  bob = (await signUpAndSignIn(server, 'bob@example.com')).userId;
});
afterAll(() => server.close());

describe('row-level security', () => {
  // A lint of the schema every migration leaves: a new table, policy or view that breaks one of these
  // rules fails here, whoever wrote it.
  it('every table of the app has RLS enabled and forced, the ones holding a user_id or person_id first', async () => {
    const { rows } = await server.deps.db.owner.execute<{
      table: string;
      enabled: boolean;
      forced: boolean;
      owned: boolean;
    }>(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname in ('user_id', 'person_id')
          and not a.attisdropped) as owned
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = 'public'`);
    expect(rows.filter((r) => r.owned).length).toBeGreaterThanOrEqual(30);
    const unprotected = rows.filter((r) => !r.enabled || !r.forced).map((r) => r.table);
    expect(unprotected).toEqual([]);
  });

  it('no policy lets every row through, and every view runs with its caller’s rights', async () => {
    const { rows: open } = await server.deps.db.owner.execute<{ policy: string }>(sql`
      select tablename || '.' || policyname as policy from pg_policies
      where schemaname = 'public'
        and (regexp_replace(coalesce(qual, ''), '[()\s]', '', 'g') = 'true'
          or regexp_replace(coalesce(with_check, ''), '[()\s]', '', 'g') = 'true')`);
    expect(open).toEqual([]);
    const { rows: views } = await server.deps.db.owner.execute<{ view: string }>(sql`
      select c.relname as view from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm') and n.nspname = 'public'
        and not coalesce('security_invoker=true' = any (c.reloptions)
          or 'security_invoker=on' = any (c.reloptions), false)`);
    expect(views).toEqual([]);
  });

  it('the app and guest roles cannot bypass RLS and cannot touch the auth schema at all', async () => {
    const { rows } = await server.deps.db.owner.execute<{ rolbypassrls: boolean; rolsuper: boolean }>(
      sql`select rolbypassrls, rolsuper from pg_roles where rolname in (${APP_ROLE}, ${GUEST_ROLE})`,
    );
    expect(rows).toEqual([
      { rolbypassrls: false, rolsuper: false },
      { rolbypassrls: false, rolsuper: false },
    ]);
    await expect(
      server.deps.db.asUser(alice, (tx) => tx.execute(sql`select token from auth.session`)),
    ).rejects.toThrow();
  });

  it('a query without the repository’s user filter still sees only the acting user’s rows', async () => {
    const seen = await server.deps.db.asUser(alice, (tx) =>
      tx.select({ userId: profiles.userId }).from(profiles),
    );
    expect(seen).toEqual([{ userId: alice }]);
    const roles = await server.deps.db.asUser(bob, (tx) =>
      tx.select({ userId: userRoles.userId }).from(userRoles),
    );
    expect(roles).toEqual([{ userId: bob }]);
    const updated = await server.deps.db.asUser(alice, (tx) =>
      tx
        .update(profiles)
        .set({ displayName: 'hijacked' })
        .where(sql`true`)
        .returning({ userId: profiles.userId }),
    );
    expect(updated).toEqual([{ userId: alice }]);
    const bobsProfile = await server.deps.db.asUser(bob, (tx) => tx.select().from(profiles));
    expect(bobsProfile[0]?.displayName).toBe('bob');
  });

  it('refuses writing a row for another user, and a user promoting themselves', async () => {
    await expect(
      server.deps.db.asUser(alice, (tx) => tx.insert(auditLogs).values({ userId: bob, action: 'forged' })),
    ).rejects.toThrow();
    await expect(
      server.deps.db.asUser(alice, (tx) => tx.update(userRoles).set({ role: 'admin' }).returning()),
    ).resolves.toEqual([]);
    const roles = await server.deps.db.asUser(alice, (tx) =>
      tx.select({ role: userRoles.role }).from(userRoles),
    );
    expect(roles).toEqual([{ role: 'user' }]);
  });

  it('the share and follower policies apply to the guest role alone, every other policy to every role', async () => {
    // A share or follower policy on every role would be planned into every user's statement (its
    // sub-selects cost more than a one-reading upload's own work), and admit nothing there.
    const { rows } = await server.deps.db.owner.execute<{
      policy: string;
      roles: string;
      guest: boolean;
    }>(sql`
      select tablename || '.' || policyname as policy, roles::text as roles,
        coalesce(qual, '') || coalesce(with_check, '') ~ '(app\.share_id|app_follow_people)' as guest
      from pg_policies where schemaname = 'public' order by 1`);
    expect(rows.filter((r) => r.guest).length).toBeGreaterThanOrEqual(14);
    const wrong = rows.filter((r) => r.roles !== (r.guest ? `{${GUEST_ROLE}}` : '{public}'));
    expect(wrong).toEqual([]);
  });

  it('the guest role may read what the app role may read, and write nothing', async () => {
    // A table added later without its grant to the guest role fails here: shares could not read it.
    const { rows } = await server.deps.db.owner.execute<{
      relation: string;
      app: boolean;
      guest: string;
    }>(sql`
      select c.relname as relation, has_table_privilege(${APP_ROLE}, c.oid, 'SELECT') as app,
        concat_ws(',',
          case when has_table_privilege(${GUEST_ROLE}, c.oid, 'SELECT') then 'select' end,
          case when has_table_privilege(${GUEST_ROLE}, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') then 'write' end
        ) as guest
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') order by 1`);
    expect(rows.filter((r) => r.app).length).toBeGreaterThanOrEqual(30);
    const wrong = rows.filter((r) => r.guest !== (r.app ? 'select' : ''));
    expect(wrong).toEqual([]);
    const { rows: member } = await server.deps.db.owner.execute<{ member: boolean }>(
      sql`select pg_has_role(${GUEST_ROLE}, ${APP_ROLE}, 'USAGE') as member`,
    );
    expect(member).toEqual([{ member: false }]);
  });

  it('outside a scoped transaction (no user set) the app role sees nothing', async () => {
    const rows = await server.deps.db.owner.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      return tx.select().from(profiles);
    });
    expect(rows).toEqual([]);
  });

  it('keeps the audit log append-only for the app', async () => {
    await expect(
      server.deps.db.asSystem((tx) => tx.execute(sql`update audit_logs set action = 'x'`)),
    ).rejects.toThrow();
    await expect(server.deps.db.asSystem((tx) => tx.execute(sql`delete from audit_logs`))).rejects.toThrow();
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs`),
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('read-only scope (readAsUser)', () => {
  const db = () => server.deps.db;
  const displayNames = (userId: string) =>
    db().readAsUser(userId, (tx) => tx.select({ userId: profiles.userId }).from(profiles));

  it('sees only the acting user’s rows, statement after statement', async () => {
    const both = await db().readAsUser(alice, async (tx) => [
      await tx.select({ userId: profiles.userId }).from(profiles),
      await tx.select({ userId: userRoles.userId }).from(userRoles),
    ]);
    expect(both).toEqual([[{ userId: alice }], [{ userId: alice }]]);
  });

  it('refuses a write and leaves nothing written, and its connection serves the next request cleanly', async () => {
    await expect(
      db().readAsUser(alice, (tx) =>
        tx.update(profiles).set({ displayName: 'written while reading' }).returning(),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) } });
    // Enough requests to reuse every pooled connection, the failed one included.
    for (let i = 0; i < 12; i++) expect(await displayNames(bob)).toEqual([{ userId: bob }]);
    const names = await db().asUser(alice, (tx) => tx.select({ name: profiles.displayName }).from(profiles));
    expect(names[0]?.name).not.toBe('written while reading');
    const open = await db().readAsUser(alice, (tx) =>
      tx.execute<{ role: string; user: string }>(
        sql`select current_setting('role') as role, current_setting('app.user_id', true) as user`,
      ),
    );
    expect(open.rows).toEqual([{ role: APP_ROLE, user: alice }]);
  });

  it('a failed statement does not leak its scope to the next user of the connection', async () => {
    await expect(db().readAsUser(alice, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    for (let i = 0; i < 12; i++) {
      const { rows } = await db().owner.execute<{ user: string | null }>(
        sql`select nullif(current_setting('app.user_id', true), '') as user`,
      );
      expect(rows).toEqual([{ user: null }]);
    }
  });

  it('a person’s rows reach a transaction only while its account is their guardian (RLS alone)', async () => {
    const parent = await signUpAndSignIn(server, 'rls-parent@example.com');
    const mia = await addPerson(parent.client, 'Mia');
    const at = new Date(Date.now() - 30 * 60_000).toISOString();
    const logged = await actingFor(parent.client, mia).post('/api/v1/entries', {
      tracker: 'weight',
      occurredAt: at,
      data: { weight: 31, weightUnit: 'kg' },
    });
    expect(logged.status).toBe(201);
    const { db } = server.deps;
    const entriesAs = async (account: string) =>
      [
        ...(
          await db.asUser(
            mia,
            (tx) => tx.execute<{ user_id: string }>(sql`select * from tracker_entries`),
            account,
          )
        ).rows,
        ...(
          await db.readAsUser(
            mia,
            (tx) => tx.execute<{ user_id: string }>(sql`select * from tracker_entries`),
            account,
          )
        ).rows,
      ].map((r) => r.user_id);
    // A stranger claiming to act for Mia: no filter in the query, and still nothing.
    expect(await entriesAs(alice)).toEqual([]);
    await expect(
      db.asUser(
        mia,
        (tx) =>
          tx.execute(
            sql`insert into tracker_entries (user_id, tracker, occurred_at, data) values (${mia}, 'weight', now(), '{}')`,
          ),
        alice,
      ),
    ).rejects.toThrow();
    expect(await entriesAs(parent.userId)).toEqual([mia, mia]);
    // Removed: the very next statement sees nothing.
    await db.asSystem((tx) => tx.execute(sql`delete from guardianships where person_id = ${mia}`));
    expect(await entriesAs(parent.userId)).toEqual([]);
  });

  it('every policy that names an owner asks app_person(), none reads app.user_id itself', async () => {
    const { rows } = await server.deps.db.owner.execute<{ policy: string }>(sql`
      select tablename || '.' || policyname as policy from pg_policies
      where schemaname = 'public'
        and (coalesce(qual, '') || coalesce(with_check, '')) like '%app.user_id%'`);
    expect(rows).toEqual([]);
  });
});
