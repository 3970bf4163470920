import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/database';

/** A backup that cannot be made, with a message an operator can act on (shown in the console). */
export class BackupFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const PG_DUMP_MISSING =
  'pg_dump was not found on the server’s PATH. Install the PostgreSQL client tools of the server’s major ' +
  'version (Debian/Ubuntu: apt-get install postgresql-client-15; Alpine: apk add postgresql15-client) ' +
  'and press Back up now again.';

/**
 * pg_dump's custom format (what pg_restore reads), streamed. The connection is DATABASE_URL's, with
 * the password moved to PGPASSWORD: never on the command line (visible in `ps`) nor in a log. The
 * stream ends only once pg_dump exited 0; otherwise it fails with pg_dump's last error line.
 */
export const pgDump = async (connectionString: string): Promise<Readable> => {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn('pg_dump', ['--format=custom', '--no-password', `--dbname=${url.toString()}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await once(child, 'spawn');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupFailure('pg_dump_missing', PG_DUMP_MISSING);
    throw new BackupFailure(
      'pg_dump_failed',
      `pg_dump could not be started (${(err as NodeJS.ErrnoException).code}).`,
    );
  }
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-2_000);
  });
  const out = new PassThrough();
  child.stdout.pipe(out, { end: false });
  child.on('close', (code, signal) => {
    if (code === 0) return void out.end();
    const last =
      stderr
        .trim()
        .split('\n')
        .at(-1)
        ?.replace(/^pg_dump: (error: )?/, '') ?? '';
    out.destroy(
      new BackupFailure(
        'pg_dump_failed',
        `pg_dump failed (${signal ?? `exit ${code}`})${last ? `: ${last}` : '.'}`,
      ),
    );
  });
  // The reader gave up (storage failed): stop pg_dump instead of leaving it writing into a full pipe.
  out.on('close', () => {
    if (child.exitCode === null) child.kill();
  });
  return out;
};

/**
 * A consistent copy of the whole database. Embedded: PGlite's data directory as a gzipped tarball,
 * taken while no query runs (PGlite serialises it with its queries); `new PGlite({ loadDataDir })`
 * or unpacking it as DATA_DIR/pglite restores it. PostgreSQL: pg_dump (one snapshot).
 */
export const dumpDatabase = async (db: Database): Promise<Readable> => {
  if (db.kind === 'pglite') {
    const client = (db as Database & { client?: PGlite }).client;
    if (!client) throw new BackupFailure('no_client', 'The embedded database cannot be dumped from here.');
    const file = await client.dumpDataDir('gzip');
    return Readable.from([Buffer.from(await file.arrayBuffer())]);
  }
  const pool = (db as Database & { pool?: pg.Pool }).pool;
  const connectionString = (pool?.options as pg.PoolConfig | undefined)?.connectionString;
  if (!connectionString)
    throw new BackupFailure(
      'no_database_url',
      'DATABASE_URL is not known to this process: pg_dump cannot connect.',
    );
  return pgDump(connectionString);
};
