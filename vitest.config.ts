import { configDefaults, defineConfig } from 'vitest/config';

// `*.pg.test.ts` need a real PostgreSQL server (they cut its connections); they run only on that leg.
const postgresOnly = process.env.TEST_DB === 'postgres' ? [] : ['server/src/**/*.pg.test.ts'];

// A focused test (`.only`) fails the run instead of silently skipping the rest (issue 29). Each project
// says so itself: inline projects do not inherit the root's test options.
const allowOnly = false;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], allowOnly } },
      {
        test: {
          name: 'server',
          allowOnly,
          include: ['server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...postgresOnly],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each test file gets its own database clone; two cores is all CI has.
          maxWorkers: 2,
        },
      },
    ],
  },
});
