import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { isPostgres, openTestDatabase } from '../../../test/harness';
import { TMP_DIR } from '../../../test/tmp-dir';
import { type Database, openPglite } from '../../db/database';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** The documented command, as an operator runs it from the repository root. */
const auditVerify = (env: NodeJS.ProcessEnv, args: string[] = []) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn('npm', ['run', '-s', 'audit:verify', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => done({ code, output }));
  });

/** A database the command can open by itself: PostgreSQL by URL, or PGlite in a data directory. */
const openTarget = async () => {
  const dataDir = mkdtempSync(join(TMP_DIR, 'audit-verify-'));
  if (isPostgres) {
    const { db, url, drop } = await openTestDatabase();
    return {
      dataDir,
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      use: async <T>(fn: (db: Database) => Promise<T>) => fn(db),
      close: async () => {
        await db.close();
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const loadDataDir = new Blob([readFileSync(inject('pgliteTemplate'))]);
  await (await openPglite({ dataDir, loadDataDir })).close();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    // PGlite allows one process per directory: open it only between the command's runs.
    use: async <T>(fn: (db: Database) => Promise<T>) => {
      const db = await openPglite({ dataDir });
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

describe('npm run audit:verify', () => {
  it('passes on intact chains, prints their heads, and names the first row changed behind the triggers’ back and a kept head no longer reached', async () => {
    const target = await openTarget();
    const userId = '6d1f2c3a-8b4e-4f5a-9c6d-7e8f9a0b1c2d';
    try {
      await target.use((db) =>
        db.asSystem((tx) =>
          tx.execute(sql`insert into audit_logs (user_id, action, resource_type) values
            (${userId}, 'sign_in', 'session'), (${userId}, 'create', 'entry'), (${userId}, 'delete', 'entry'),
            (null, 'sign_in_failed', 'user')`),
        ),
      );
      const intact = await auditVerify(target.env);
      expect(intact.output).toContain('Audit chains intact: 4 rows in 2 chains.');
      expect(intact.output).toMatch(new RegExp(`user:${userId} 3 [0-9a-f]{64}`));
      expect(intact.output).toMatch(/system:\d+ 1 [0-9a-f]{64}/);
      expect(intact.code).toBe(0);

      // The operator kept that output. Someone with the owner's rights changes a row, drops the chain's
      // last row and rewrites the head to match: the change shows in the chain, the cut in the kept head.
      const kept = join(target.dataDir, 'kept-heads.txt');
      writeFileSync(kept, intact.output);
      await target.use(async (db) => {
        await db.owner.execute(sql`alter table audit_logs disable trigger audit_logs_no_update_delete`);
        await db.owner.execute(
          sql`update audit_logs set action = 'read' where chain_seq = 2 and user_id = ${userId}`,
        );
        await db.owner.execute(sql`delete from audit_logs where chain_seq = 3 and user_id = ${userId}`);
        await db.owner.execute(sql`alter table audit_logs enable trigger audit_logs_no_update_delete`);
        await db.owner.execute(sql`update audit_chain_heads h set last_seq = 2, last_hash = a.hash
          from audit_logs a where h.chain = a.chain and a.chain_seq = 2 and a.user_id = ${userId}`);
      });
      const tampered = await auditVerify(target.env, [kept]);
      expect(tampered.output).toContain(`Audit chain user:${userId} broken at row 2`);
      expect(tampered.output).toContain('its content does not match its hash');
      expect(tampered.output).toContain(
        `Kept head not reached: chain user:${userId} row 3: the row is no longer in the table.`,
      );
      expect(tampered.output).toContain('1 of 2 kept heads reached.');
      expect(tampered.code).toBe(1);
    } finally {
      await target.close();
    }
  }, 120_000);
});
