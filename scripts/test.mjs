// `npm test`: lint, types, unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is
// set), then the browser suite against a freshly built app.
import { existsSync } from 'node:fs';
import { ensureInstalled, ensureWebBuilt, run } from './lib.mjs';

const step = (title) => console.info(`\n━━ ${title}`);

ensureInstalled();
step('Lint and format (Biome)');
run('npx', ['biome', 'check', '.']);
step('Types (tsc -b: core once, then server, web, e2e; strict)');
run('npm', ['run', 'typecheck']);
step('Lock file complete for npm ci');
run('node', ['scripts/fix-lock.mjs', '--check']);
step('Migrations match the schema');
run('node', ['scripts/check-migrations.mjs']);
step('Unit tests (core and web)');
run('npx', ['vitest', 'run', '--project', 'core', '--project', 'web']);
step('API integration tests on the embedded database (PGlite)');
run('npx', ['vitest', 'run', '--project', 'server'], { env: { ...process.env, TEST_DB: 'pglite' } });
if (process.env.TEST_DATABASE_URL) {
  step('API integration tests on PostgreSQL');
  run('npx', ['vitest', 'run', '--project', 'server'], { env: { ...process.env, TEST_DB: 'postgres' } });
} else {
  console.info(
    '\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API suite. .ci/run sets it.)',
  );
}
step('Browser tests (Playwright, Debian chromium)');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\n✗ Chromium not found at ${chromium}. Install Debian's: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
ensureWebBuilt();
step('First-load JavaScript per route within budget (DESIGN §9)');
run('node', ['web/scripts/check-first-load.mjs']);
run('npx', ['playwright', 'test'], { cwd: new URL('../e2e', import.meta.url).pathname });
