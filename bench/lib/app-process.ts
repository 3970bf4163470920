import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../server/test/free-port';

export const ROOT = new URL('../../', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  /** The server's process id (its CPU time is read from /proc, bench/lib/cpu-ticks.ts). */
  pid?: number;
  close(): Promise<void>;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Waits until `url` answers (any status), or the process exits, or 60 s pass. */
const waitUntilUp = async (child: ChildProcess, url: string, what: string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before answering`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${what} did not answer at ${url} within 60 s`);
};

/**
 * The app as `npm start` runs it (scripts/lib.mjs startServer: node --import tsx server/src/main.ts),
 * its own process, stdout and stderr to `logFile` as a service manager would keep them.
 */
export const startAppProcess = async (
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<ServerProcess> => {
  const port = await freePort();
  const log = createWriteStream(logFile);
  await new Promise((r) => log.once('open', r));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}/api/health`, 'the app');
  return {
    url,
    pid: child.pid,
    close: async () => {
      await stop(child);
      log.close();
    },
  };
};

/** bench/lib/bare-server.ts as its own process. */
export const startBareProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/lib/bare-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}/`, 'the bare server');
  return { url, pid: child.pid, close: () => stop(child) };
};
