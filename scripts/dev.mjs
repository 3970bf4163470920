// `npm run dev`: the API with reload on :3000 and Vite's dev server on :5173 proxying /api to it.
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const env = {
  ...process.env,
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug',
};
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { cwd: `${root}/web`, stdio: 'inherit', env }),
];
console.info('\n  Healthfolio (dev) at http://localhost:5173 — API on http://localhost:3000\n');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
