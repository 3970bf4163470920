import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
};

/** A fresh clone has no node_modules: install exactly what the lock file says. */
export const ensureInstalled = () => {
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) return;
  console.info('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
};

const newestMtime = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
};

/** Builds the web app when it was never built or its sources (or core) changed since. */
export const ensureWebBuilt = () => {
  const index = join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'core', 'src')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.info('Building the web app…');
  run('npm', ['run', 'build', '-w', 'web']);
};

export const startServer = (env = {}) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
