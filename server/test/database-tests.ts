import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Which server test files use the test database, so the PostgreSQL run (TEST_DB=postgres) runs those
 * and not the ones whose result cannot depend on it (config parsing, ICS folding, PGlite's lock file).
 *
 * A test gets a database through the harness (`openTestDatabase`, `createTestServer`) or the template
 * helpers (`cloneDatabase`), so a file uses one when its imports reach `test/harness.ts` or
 * `test/postgres-template.ts`, directly or through any helper; or when it (or a helper it imports)
 * names the PostgreSQL run's server or template itself (`TEST_DATABASE_URL`, `pgTemplate`). Nobody keeps a list: a new test file
 * that opens a database is in the PostgreSQL run by the same imports that give it the database.
 * Type-only imports do not count; anything else (a side-effect import, a re-export) does.
 */
const DATABASE_MODULES = ['server/test/harness.ts', 'server/test/postgres-template.ts'];
const NAMES_THE_DATABASE = /\bTEST_DATABASE_URL\b|\bpgTemplate\b/;

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const resolveLocal = (from: string, spec: string) => {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((p) => existsSync(p) && statSync(p).isFile());
};

/** The local modules a file loads (value imports, re-exports, side-effect and dynamic imports). */
const localImports = (text: string, file: string) =>
  [...text.matchAll(IMPORT)]
    .filter((m) => !m[1])
    .map((m) => m[2] ?? m[3])
    .filter((spec): spec is string => spec?.startsWith('.') ?? false)
    .map((spec) => resolveLocal(file, spec))
    .filter((target): target is string => target !== undefined);

export const databaseTestFiles = (root: string, testDir = 'server/src') => {
  const tests = readdirSync(resolve(root, testDir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => resolve(root, testDir, f));
  // Every module the tests load, and who loads it.
  const importers = new Map<string, string[]>();
  const seen = new Set<string>();
  const back = DATABASE_MODULES.map((m) => resolve(root, m));
  const queue = [...tests];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (NAMES_THE_DATABASE.test(text)) back.push(file);
    for (const target of localImports(text, file)) {
      importers.set(target, [...(importers.get(target) ?? []), file]);
      queue.push(target);
    }
  }
  // Everything from which the database modules are reached, walking the imports backwards.
  const reaching = new Set<string>();
  for (let file = back.pop(); file !== undefined; file = back.pop()) {
    if (reaching.has(file)) continue;
    reaching.add(file);
    back.push(...(importers.get(file) ?? []));
  }
  return tests
    .filter((f) => f.endsWith('.pg.test.ts') || reaching.has(f))
    .map((f) => relative(root, f))
    .sort();
};
