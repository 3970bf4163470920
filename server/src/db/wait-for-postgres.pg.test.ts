import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { TMP_DIR } from '../../test/tmp-dir';
import { DatabaseUnreachableError, waitForPostgres } from './wait-for-postgres';

const base = new URL(process.env.TEST_DATABASE_URL!);
const ROOT = new URL('../../../', import.meta.url).pathname;

/** The test database's address, reached through a proxy the test can take away; with a password set. */
const throughProxy = (proxy: TcpProxy, database = base.pathname) => {
  const url = new URL(base);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.pathname = database;
  url.password = 's3cret-in-url';
  return url.toString();
};

const logged: { obj: Record<string, unknown>; msg: string }[] = [];
const logger = {
  warn: (obj: object, msg: string) => logged.push({ obj: obj as Record<string, unknown>, msg }),
};

let proxy: TcpProxy | undefined;
afterEach(async () => {
  logged.length = 0;
  await proxy?.close();
});

describe('waiting for PostgreSQL at start', () => {
  it('waits while the database is not there yet, and goes on once it answers', async () => {
    proxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
    await proxy.stop();
    const back = setTimeout(() => void proxy!.start(), 700);
    await waitForPostgres(throughProxy(proxy), { logger, firstDelayMs: 200, deadlineMs: 20_000 });
    clearTimeout(back);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]).toMatchObject({
      msg: 'waiting for PostgreSQL',
      obj: { database: `127.0.0.1:${proxy.port}${base.pathname}`, reason: 'connection refused' },
    });
    expect(JSON.stringify(logged)).not.toContain('s3cret');
  });

  it('gives up after its deadline with words that say what to check, and no password', async () => {
    proxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
    await proxy.stop();
    const started = Date.now();
    const failure = await waitForPostgres(throughProxy(proxy), {
      logger,
      firstDelayMs: 200,
      deadlineMs: 1_000,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DatabaseUnreachableError);
    expect((failure as Error).message).toBe(
      `Healthfolio could not use PostgreSQL at 127.0.0.1:${proxy.port}${base.pathname} (connection refused). Check DATABASE_URL and that PostgreSQL is running and reachable from here.`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not wait for what waiting cannot fix: a database that does not exist', async () => {
    proxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
    const failure = await waitForPostgres(throughProxy(proxy, '/hf_no_such_database'), {
      logger,
      deadlineMs: 20_000,
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toContain('(the database does not exist)');
    expect(logged).toEqual([]);
  });

  it('the server started before its database waits, then exits with that message and no stack trace', async () => {
    proxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
    await proxy.stop();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: throughProxy(proxy),
        DATABASE_WAIT_SECONDS: '2',
        DATA_DIR: mkdtempSync(join(TMP_DIR, 'wait-')),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('"msg":"waiting for PostgreSQL"');
    expect(output).toContain(
      `Healthfolio could not use PostgreSQL at 127.0.0.1:${proxy.port}${base.pathname} (connection refused).`,
    );
    expect(output).not.toMatch(/\n\s+at |s3cret|Failed query/);
  }, 90_000);
});
