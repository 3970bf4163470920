// `npm run faults`: the fault tests of issue 37 in full (server/test/faults): a PostgreSQL restart on a
// private cluster, 20 rounds of SIGKILL during 1,000 concurrent writes and an import on each store, and
// a full disk under DATA_DIR. `npm test` runs the same files with one SIGKILL round per store.
// Needs root (the full-disk test mounts a tmpfs) and Debian's PostgreSQL server binaries; the
// PostgreSQL store's rounds run when TEST_DATABASE_URL is set (as for `npm test`).
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
const rounds = process.env.FAULTS_ROUNDS ?? '20';
const env = { ...process.env, FAULTS_ROUNDS: rounds };
console.info(`\n━━ Faults on the embedded store (PGlite), ${rounds} SIGKILL rounds`);
run('npx', ['vitest', 'run', '--project', 'server', 'server/test/faults'], {
  env: { ...env, TEST_DB: 'pglite' },
});
if (process.env.TEST_DATABASE_URL) {
  console.info(`\n━━ Faults on PostgreSQL, ${rounds} SIGKILL rounds`);
  run('npx', ['vitest', 'run', '--project', 'server', 'server/test/faults'], {
    env: { ...env, TEST_DB: 'postgres' },
  });
} else {
  console.info('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL store and the restart test.)');
}
