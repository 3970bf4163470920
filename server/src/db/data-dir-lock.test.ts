import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { TMP_DIR } from '../../test/global-setup';
import { openPglite } from './database';

const ROOT = new URL('../../../', import.meta.url).pathname;

/** Starts the real server entry point the way `npm start` does, on the embedded database in `dataDir`. */
const startServer = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env });
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

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the embedded database directory lock', () => {
  it('makes a second server on the same DATA_DIR exit at once, naming the directory; it starts once the first is gone', async () => {
    const dataDir = mkdtempSync(join(TMP_DIR, 'locked-'));
    // Start from the migrated template when this run made one (the PGlite leg): a fresh PGlite
    // database takes seconds to create and migrate.
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    const first = await openPglite({ dataDir, loadDataDir });

    const second = startServer(dataDir);
    children.push(second.child);
    // "At once": it exits by itself without ever serving (no wall-clock bound: the machines are shared).
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use`);
    expect(second.output()).not.toContain('Healthfolio is running');

    await first.close();

    const third = startServer(dataDir);
    children.push(third.child);
    await third.running();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);
});
