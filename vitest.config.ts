import { configDefaults, defineConfig } from 'vitest/config';
import { databaseTestFiles } from './server/test/database-tests.ts';

// `*.pg.test.ts` need a real PostgreSQL server (they cut its connections); they run only on that leg.
// That leg runs only the files that use the test database (found from their imports, see
// server/test/database-tests.ts): the others already ran on the PGlite leg, and their result cannot
// depend on the database.
const onPostgres = process.env.TEST_DB === 'postgres';
// `*.pglite.test.ts` test the embedded store itself (its DATA_DIR on a full disk): the PGlite leg only.
const otherLeg = onPostgres
  ? ['server/test/faults/**/*.pglite.test.ts']
  : ['server/src/**/*.pg.test.ts', 'server/test/faults/**/*.pg.test.ts'];
const root = new URL('.', import.meta.url).pathname;
// server/test/faults: the fault tests (issue 37), chosen per leg the same way.
const serverTests = onPostgres
  ? [...databaseTestFiles(root), ...databaseTestFiles(root, 'server/test/faults')]
  : ['server/src/**/*.test.ts', 'server/test/faults/**/*.test.ts'];

// A focused test (`.only`) fails the run instead of silently skipping the rest (issue 29). Each project
// says so itself: inline projects do not inherit the root's test options.
const allowOnly = false;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], allowOnly } },
      // The web's pure helpers (words, formatting); screens are tested in the browser (e2e/).
      {
        resolve: { alias: { '@': new URL('./web/src', import.meta.url).pathname } },
        test: { name: 'web', include: ['web/src/**/*.test.ts'], allowOnly },
      },
      {
        test: {
          name: 'server',
          allowOnly,
          include: serverTests,
          exclude: [...configDefaults.exclude, ...otherLeg],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each test file gets its own database clone; two cores is all CI has.
          maxWorkers: 2,
          // The files share a worker's module cache: each builds its own app on its own database clone,
          // and importing the app once per worker instead of once per file halves the suite's time.
          isolate: false,
        },
      },
    ],
  },
});
