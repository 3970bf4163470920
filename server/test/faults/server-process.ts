import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { freePort } from '../free-port';
import { TestClient } from '../harness';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** A client of the real server over HTTP, carrying `cookies` (a session made before). */
  client: (cookies?: Map<string, string>) => TestClient;
  /** SIGKILL: no shutdown, no flush; resolves once the process is gone. */
  kill9: () => Promise<void>;
  /** SIGTERM: the graceful shutdown of main.ts. */
  stop: () => Promise<void>;
}

/**
 * The server as `npm start` runs it (server/src/main.ts in its own Node process), on a free port,
 * its log appended to `logFile`. Resolves once /api/health answers 200; fails with the log's path if
 * it exits or does not answer within `readyMs`.
 */
export const startServerProcess = async (
  env: Record<string, string>,
  logFile: string,
  readyMs = 120_000,
): Promise<ServerProcess> => {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', AUTH_MIN_RESPONSE_MS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + readyMs;
  for (;;) {
    if (gone) throw new Error(`the server exited while starting; see ${logFile}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${readyMs} ms; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (!gone) child.kill(signal);
    await exited;
    log.end();
  };
  return {
    url,
    child,
    client: (cookies) => {
      const c = new TestClient({ request: (path, init) => fetch(url + path, init) });
      if (cookies) for (const [k, v] of cookies) c.cookies.set(k, v);
      return c;
    },
    kill9: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
};
