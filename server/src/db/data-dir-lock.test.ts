import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { TMP_DIR } from '../../test/tmp-dir';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { openPglite } from './database';

const ROOT = new URL('../../../', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** Starts the real server entry point the way `npm start` does, on the embedded database in `dataDir`. */
const startServer = (dataDir: string, port = 0) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'error',
    AUTH_THROTTLE_PER_IP: '10000',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const running = () =>
    new Promise<void>((done, fail) => {
      if (output.includes('Healthfolio is running')) return done();
      child.stdout.on('data', () => output.includes('Healthfolio is running') && done());
      exited.then((code) => fail(new Error(`server exited with ${code}: ${output}`)));
    });
  return { child, exited, running, output: () => output };
};

/** A data directory holding the migrated template (a fresh PGlite database takes seconds to migrate). */
const templateDataDir = async () => {
  const dataDir = mkdtempSync(join(TMP_DIR, 'locked-'));
  const template = inject('pgliteTemplate');
  const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
  const db = await openPglite({ dataDir, loadDataDir });
  return { dataDir, db };
};

/** A process that has exited: its PID names nobody (until the kernel reuses it). */
const deadPid = async () => {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.on('exit', done));
  return child.pid!;
};

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('the embedded database directory lock', () => {
  it('makes a second server on the same DATA_DIR exit at once, naming the directory; it starts once the first is gone', async () => {
    const { dataDir, db: first } = await templateDataDir();

    const second = startServer(dataDir);
    // "At once": it exits by itself without ever serving (no wall-clock bound: the machines are shared).
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use`);
    expect(second.output()).not.toContain('Healthfolio is running');

    await first.close();

    const third = startServer(dataDir);
    await third.running();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);

  it('lets a server killed with SIGKILL be restarted at once, with every acknowledged write kept', async () => {
    const { dataDir, db } = await templateDataDir();
    await db.close();
    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.running();

    // Clients keep signing up (each answer 200 = a committed write) until the server is killed mid-stream.
    const acknowledged: string[] = [];
    let killed = false;
    const client = async (n: number) => {
      for (let i = 0; !killed; i++) {
        const email = `crash-${n}-${i}@example.com`;
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
          body: JSON.stringify({ email, password: 'correct horse battery staple 42', name: 'Crash' }),
        }).catch(() => null);
        if (res?.ok) acknowledged.push(email);
        else if (res) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    while (acknowledged.length < 12) await new Promise((r) => setTimeout(r, 50));
    killed = true;
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(clients);

    // Restarted straight away, as systemd or Docker would: no waiting for the lock to go stale.
    const second = startServer(dataDir, port);
    await second.running();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const after = await openPglite({ dataDir });
    const { rows } = await after.owner.execute<{ email: string }>(
      sql`select email from auth.user where email like 'crash-%'`,
    );
    await after.close();
    const stored = new Set(rows.map((r) => r.email));
    expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
  }, 180_000);

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = mkdtempSync(join(TMP_DIR, 'lock-'));
    writeFileSync(
      join(dir, 'healthfolio.lock'),
      JSON.stringify({ pid: await deadPid(), startTicks: 1, bootId: null }),
    );
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it('takes over a lock whose PID now belongs to an unrelated process', async () => {
    const dir = mkdtempSync(join(TMP_DIR, 'lock-'));
    const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(unrelated);
    // The same PID, but a process that started at another time than the one that wrote the lock.
    writeFileSync(
      join(dir, 'healthfolio.lock'),
      JSON.stringify({ pid: unrelated.pid, startTicks: 1, bootId: null }),
    );
    acquireDataDirLock(dir)();
  });

  it('refuses a lock held by a live process, and one taken before this boot does not count', () => {
    const dir = mkdtempSync(join(TMP_DIR, 'lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    const ticks = readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const lock = { pid: holder.pid, startTicks: Number(ticks), bootId };
    writeFileSync(join(dir, 'healthfolio.lock'), JSON.stringify(lock));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);

    writeFileSync(join(dir, 'healthfolio.lock'), JSON.stringify({ ...lock, bootId: 'an-earlier-boot' }));
    acquireDataDirLock(dir)();
  });
});
