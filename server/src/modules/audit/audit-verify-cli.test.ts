import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { isPostgres, openTestDatabase } from '../../../test/harness';
import { TMP_DIR } from '../../../test/tmp-dir';
import { type Database, openPglite } from '../../db/database';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** The documented command, as an operator runs it from the repository root. */
const auditVerify = (env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn('npm', ['run', '-s', 'audit:verify'], {
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
  it('passes on an intact chain and names the first row changed behind the triggers’ back', async () => {
    const target = await openTarget();
    try {
      await target.use((db) =>
        db.asSystem((tx) =>
          tx.execute(sql`insert into audit_logs (action, resource_type) values ('sign_in', 'session'),
            ('create', 'entry'), ('delete', 'entry')`),
        ),
      );
      const intact = await auditVerify(target.env);
      expect(intact.output).toContain('Audit chain intact: 3 rows.');
      expect(intact.code).toBe(0);

      await target.use(async (db) => {
        await db.owner.execute(sql`alter table audit_logs disable trigger audit_logs_no_update_delete`);
        await db.owner.execute(sql`update audit_logs set action = 'read' where seq = 2`);
        await db.owner.execute(sql`alter table audit_logs enable trigger audit_logs_no_update_delete`);
      });
      const tampered = await auditVerify(target.env);
      expect(tampered.output).toContain('Audit chain broken at row 2');
      expect(tampered.output).toContain('its content does not match its hash');
      expect(tampered.code).toBe(1);
    } finally {
      await target.close();
    }
  }, 120_000);
});
