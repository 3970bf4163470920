/**
 * `npm run bench` (server/package.json): the benches one after another, as before; with `--soak`
 * (`npm run bench -- --soak [--soak-minutes N]`) the soak alone (bench/soak.bench.ts). Each bench is
 * its own process; the first that fails stops the run with its exit code.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const args = process.argv.slice(2);
const benches = args.includes('--soak')
  ? ['soak.bench.ts']
  : ['api-overhead.bench.ts', 'glucose.bench.ts', 'web-budget.bench.ts', 'lighthouse.bench.ts'];

for (const bench of benches) {
  const { status, signal } = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, bench), ...args],
    { stdio: 'inherit' },
  );
  if (status !== 0) process.exit(status ?? (signal ? 1 : 0));
}
