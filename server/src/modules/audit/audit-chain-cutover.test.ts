import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect, it } from 'vitest';
import { isPostgres } from '../../../test/harness';
import { dropDatabase, withDatabase } from '../../../test/postgres-template';
import { TMP_DIR } from '../../../test/tmp-dir';
import { MIGRATIONS_DIR, openPglite, openPostgres } from '../../db/database';
import { verifyAuditChains } from './audit-verify';

type Journal = { entries: { tag: string }[] };

/** The migrations as they were before per-user chains: the journal cut at the first audit_chains one. */
const migrationsBeforeChains = () => {
  const dir = mkdtempSync(join(TMP_DIR, 'migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as Journal;
  const cut = journal.entries.findIndex((e) => e.tag.endsWith('_audit_chains'));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
};

/** An empty database on the store under test, and a way to migrate it from a given folder. */
const emptyDatabase = async () => {
  if (!isPostgres) {
    const db = await openPglite({});
    // biome-ignore lint/suspicious/noExplicitAny: the owner handle is PGlite's drizzle on this store.
    const migrateFrom = (dir: string) => migratePglite(db.owner as any, { migrationsFolder: dir });
    return { db, migrateFrom, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `hf_t_cutover_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const db = await openPostgres(withDatabase(base, name));
  // biome-ignore lint/suspicious/noExplicitAny: the owner handle is node-postgres' drizzle on this store.
  const migrateFrom = (dir: string) => migratePg(db.owner as any, { migrationsFolder: dir });
  return { db, migrateFrom, drop: () => dropDatabase(base, name) };
};

it('keeps the rows written before per-user chains verifiable as chain global, and chains new rows per user', async () => {
  const dir = migrationsBeforeChains();
  const { db, migrateFrom, drop } = await emptyDatabase();
  try {
    await migrateFrom(dir);
    const user = '0b7f5a52-3c1e-4d8b-9f0a-2e6c4b8d1a3f';
    const insert = (action: string) =>
      db.asSystem((tx) =>
        tx.execute(
          sql`insert into audit_logs (user_id, action, resource_type) values (${user}, ${action}, 'entry')`,
        ),
      );
    await insert('create');
    await insert('update');
    await db.migrate();
    await insert('delete');

    const report = await verifyAuditChains(db);
    expect(report.broken).toEqual([]);
    expect(report.chains.map((c) => [c.chain, c.rows, c.headSeq])).toEqual([
      ['global', 2, 2],
      [`user:${user}`, 1, 1],
    ]);
    // The order over all rows goes on after the old chain's last row.
    const { rows } = await db.asSystem((tx) =>
      tx.execute<{ seq: string; chain: string | null }>(sql`select seq, chain from audit_logs order by seq`),
    );
    expect(rows.map((r) => [Number(r.seq), r.chain])).toEqual([
      [1, null],
      [2, null],
      [3, `user:${user}`],
    ]);

    // The old chain is still checked: a changed row shows, as before.
    await db.owner.execute(sql`alter table audit_logs disable trigger audit_logs_no_update_delete`);
    await db.owner.execute(sql`update audit_logs set action = 'read' where seq = 1`);
    await db.owner.execute(sql`alter table audit_logs enable trigger audit_logs_no_update_delete`);
    const tampered = await verifyAuditChains(db);
    expect(tampered.broken.map((c) => [c.chain, c.broken?.seq, c.broken?.reason])).toEqual([
      ['global', 1, 'its content does not match its hash'],
    ]);
  } finally {
    await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
