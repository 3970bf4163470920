import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port';

const run = promisify(execFile);

/** Debian's PostgreSQL server binaries (the `postgresql-15` package); PG_BIN overrides. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** A URL to another database of this cluster. */
  urlOf: (database: string) => string;
  /** `pg_ctl stop -m fast`: every connection gets 57P01 (admin_shutdown), then the port is closed. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** `pg_ctl stop -m immediate`: no checkpoint, as a crash or a power cut leaves it. */
  crash: () => Promise<void>;
  destroy: () => Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port, trust auth on
 * loopback) that the test may stop and start as it likes. initdb refuses root, so the cluster belongs
 * to the `postgres` user when the test runs as root.
 */
export const startPrivatePostgres = async (): Promise<PrivatePostgres> => {
  if (!existsSync(join(PG_BIN, 'initdb')))
    throw new Error(
      `No PostgreSQL server binaries in ${PG_BIN}: install Debian's postgresql package (or set PG_BIN).`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'hf-private-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args])
      : run(join(PG_BIN, cmd), args);
  if (asRoot)
    chownSync(
      dir,
      Number((await run('id', ['-u', 'postgres'])).stdout),
      Number((await run('id', ['-g', 'postgres'])).stdout),
    );
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = (...args: string[]) => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);
  const start = async () => {
    await pgCtl('-w', '-o', options, 'start');
  };
  await start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    urlOf,
    start,
    stop: async () => {
      await pgCtl('-w', '-m', 'fast', 'stop');
    },
    crash: async () => {
      await pgCtl('-w', '-m', 'immediate', 'stop');
    },
    destroy: async () => {
      await pgCtl('-w', '-m', 'immediate', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
