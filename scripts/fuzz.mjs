// `npm run fuzz`: the API fuzzer (server/test/fuzz/) at full size, on the embedded database, then on
// PostgreSQL when TEST_DATABASE_URL is set. Prints each leg's summary: requests, operations covered,
// answers per status and every failure with the seed and index that replay it.
//
//   FUZZ_RUNS=10000   requests per leg (default 10,000)
//   FUZZ_SEED=37      the run's seed (default: a new one, printed)
//   FUZZ_ONLY=12,80   replay only these requests of the seed's run

import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const runs = process.env.FUZZ_RUNS ?? '10000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const legs = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let failed = false;
for (const leg of legs) {
  const report = join(tmpdir(), `healthfolio-fuzz-${process.pid}-${leg}.txt`);
  console.info(
    `\n━━ API fuzz on ${leg}: ${process.env.FUZZ_ONLY ? `requests ${process.env.FUZZ_ONLY}` : `${runs} requests`}, seed ${seed}`,
  );
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'server/src/http/fuzz-api.test.ts', '--reporter', 'dot'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_DB: leg, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_REPORT: report },
    },
  );
  try {
    console.info(readFileSync(report, 'utf8'));
    rmSync(report);
  } catch {
    console.error(`The fuzz run on ${leg} ended before its summary (exit ${result.status}).`);
  }
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
