import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase, dropDatabase } from '../../test/postgres-template';
import { findProfile, insertProfile } from '../modules/profiles/profiles.repository';
import { type Database, openPostgres } from './database';
import { prebuiltSelect } from './prebuilt-select';
import { user } from './schema';
import { commitWithNext } from './transaction-extras';

const base = process.env.TEST_DATABASE_URL!;
let db: Database;
let drop: () => Promise<void>;
let url: string;
const userId = '0b7d4c1e-2f3a-4b5c-8d6e-7f8091a2b3c4';

const preparedHere = async () =>
  (
    await db.readAsUser(userId, (tx) =>
      tx.execute<{ name: string }>(sql`select name from pg_prepared_statements`),
    )
  ).rows
    .map((r) => r.name)
    .sort();

beforeAll(async () => {
  const clone = await cloneDatabase(base, inject('pgTemplate'));
  url = clone.url;
  drop = async () => {
    await dropDatabase(base, clone.name);
  };
  // One connection, so every request below runs on the same one.
  db = await openPostgres(url, undefined, 1);
  await db.owner.insert(user).values({ id: userId, name: 'Pat', email: 'pat@example.com' });
  await db.asUser(userId, (tx) => insertProfile(tx, userId, 'Pat'));
});
afterAll(async () => {
  await db.close();
  await drop();
});

describe('named statements on PostgreSQL', () => {
  it('the scope and a prebuilt select are parsed once per connection and then only bound', async () => {
    expect((await db.readAsUser(userId, (tx) => findProfile(tx, userId)))?.displayName).toBe('Pat');
    const names = await preparedHere();
    expect(names).toContain('healthfolio_scope_user_id_read');
    expect(names.some((n) => n.startsWith('healthfolio_select_'))).toBe(true);
    // Used again on the same connection: still right, and still the same statements.
    expect((await db.readAsUser(userId, (tx) => findProfile(tx, userId)))?.userId).toBe(userId);
    expect(await preparedHere()).toEqual(names);
  });

  it('a connection whose first use of one failed goes on working, with statements sent as text', async () => {
    const fresh = await openPostgres(url, undefined, 1);
    try {
      // The prebuilt select's first use on this connection fails at its parameter (not a UUID)…
      await expect(fresh.readAsUser(userId, (tx) => findProfile(tx, 'not-a-uuid'))).rejects.toThrow();
      // …so whether its statement exists is unknown: the connection stops naming statements.
      for (let i = 0; i < 3; i++) {
        expect((await fresh.readAsUser(userId, (tx) => findProfile(tx, userId)))?.displayName).toBe('Pat');
        expect((await fresh.asUser(userId, (tx) => findProfile(tx, userId)))?.displayName).toBe('Pat');
      }
    } finally {
      await fresh.close();
    }
  });

  it('a statement on the owner connection (the session lookup) is parsed once per connection', async () => {
    const fresh = await openPostgres(url, undefined, 1);
    const statement = { name: 'healthfolio_probe_owner', text: 'select name from auth.user where id = $1' };
    const prepared = async () =>
      (await fresh.owner.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements`))
        .rows[0]!.n;
    try {
      expect(await fresh.ownerStatement({ ...statement, values: [userId] })).toEqual([{ name: 'Pat' }]);
      const after = await prepared();
      expect(await fresh.ownerStatement({ ...statement, values: [userId] })).toEqual([{ name: 'Pat' }]);
      expect(await prepared()).toBe(after);
      const names = await fresh.owner.execute<{ name: string }>(sql`select name from pg_prepared_statements`);
      expect(names.rows.map((r) => r.name)).toContain('healthfolio_probe_owner');
    } finally {
      await fresh.close();
    }
  });

  it('names a read after its text, so the server plans it once per connection however often it runs', async () => {
    const read = () =>
      db.readAsUser(userId, (tx) =>
        tx.execute(sql`select display_name from profiles where user_id = ${userId}`),
      );
    for (let i = 0; i < 3; i++) expect((await read()).rows[0]).toEqual({ display_name: 'Pat' });
    const named = (await preparedHere()).filter((n) => n.startsWith('healthfolio_read_'));
    await read();
    expect((await preparedHere()).filter((n) => n.startsWith('healthfolio_read_'))).toEqual(named);
  });

  it('names the statements of a write transaction too, so an entry write plans its reads once per connection', async () => {
    const fresh = await openPostgres(url, undefined, 1);
    const write = () =>
      fresh.asUser(userId, async (tx) => {
        await tx.execute(sql`update profiles set weight_goal = null where user_id = ${userId}`);
        return tx.execute<{ name: string }>(
          sql`select name from pg_prepared_statements where name like 'healthfolio_read_%'`,
        );
      });
    try {
      await write();
      const named = (await write()).rows.map((r) => r.name);
      // Both statements: the update that opened the transaction and the select after it.
      expect(named.length).toBeGreaterThanOrEqual(2);
      expect((await write()).rows.map((r) => r.name).sort()).toEqual([...named].sort());
    } finally {
      await fresh.close();
    }
  });

  it('a statement whose cached plan went stale (a migration) fails once, then the connection sends text', async () => {
    await db.owner.execute(sql`create table plan_probe (a int)`);
    await db.owner.execute(sql`grant select on plan_probe to healthfolio_app`);
    const read = () => db.readAsUser(userId, (tx) => tx.execute(sql`select * from plan_probe`));
    await read();
    await db.owner.execute(sql`alter table plan_probe add column b int`);
    await expect(read()).rejects.toMatchObject({ cause: { code: '0A000' } });
    expect((await read()).fields.map((f) => f.name)).toEqual(['a', 'b']);
    expect((await read()).fields.map((f) => f.name)).toEqual(['a', 'b']);
  });

  it('so does a named statement later in a transaction, which pg runs without the pipeline', async () => {
    await db.owner.execute(sql`create table plan_probe_tx (a int)`);
    await db.owner.execute(sql`grant select on plan_probe_tx to healthfolio_app`);
    const probe = pgTable('plan_probe_tx', { a: integer('a') });
    const select = prebuiltSelect((d) => d.select().from(probe));
    // A connection of its own: the test above left the shared one sending text.
    const fresh = await openPostgres(url, undefined, 1);
    const run = () =>
      fresh.asUser(userId, async (tx) => {
        await tx.execute(sql`select 1`); // the transaction's first statement carries begin and scope
        return select(tx, {});
      });
    try {
      expect(await run()).toEqual([]);
      await db.owner.execute(sql`alter table plan_probe_tx alter column a type bigint`);
      await expect(run()).rejects.toMatchObject({ cause: { code: '0A000' } });
      expect(await run()).toEqual([]);
      expect(await run()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('a transaction ended by its next statement (commitWithNext)', () => {
  const name = async () => (await db.readAsUser(userId, (tx) => findProfile(tx, userId)))?.displayName;

  it('commits with that statement and refuses a later one; a failure in it leaves nothing behind', async () => {
    await db.asUser(userId, async (tx) => {
      expect(commitWithNext(tx)).toBe(true);
      await tx.execute(sql`update profiles set display_name = 'Pat Ended' where user_id = ${userId}`);
      // Sent after the commit it would run outside the transaction, unscoped: refused.
      await expect(tx.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/transaction has ended/) },
      });
    });
    expect(await name()).toBe('Pat Ended');

    await expect(
      db.asUser(userId, async (tx) => {
        await tx.execute(sql`update profiles set display_name = 'Pat Lost' where user_id = ${userId}`);
        commitWithNext(tx);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    // The earlier update went with it, and the one connection is free again (nothing left open).
    expect(await name()).toBe('Pat Ended');
  });
});
