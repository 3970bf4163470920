// Fails when the drizzle schema has changes that no committed migration covers (a stale migration set).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const dir = join(root, 'server', 'drizzle');
const meta = join(dir, 'meta');
const journal = join(meta, '_journal.json');
const before = new Set([...readdirSync(dir), ...readdirSync(meta)]);
const journalBefore = readFileSync(journal, 'utf8');
const r = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'uncommitted_schema_change'], {
  cwd: join(root, 'server'),
  encoding: 'utf8',
});
const output = `${r.stdout}${r.stderr}`;
if (r.status === 0 && output.includes('No schema changes')) process.exit(0);
// Leave the tree as it was: the developer generates and names the migration themselves.
for (const d of [dir, meta])
  for (const f of readdirSync(d)) if (!before.has(f)) rmSync(join(d, f), { force: true });
writeFileSync(journal, journalBefore);
console.error(
  '\n✗ The drizzle schema (server/src/db/schema) has changes without a migration.\n' +
    '  Run `npm run db:generate` and commit the new file in server/drizzle (plus a custom migration with\n' +
    '  GRANTs and FORCE ROW LEVEL SECURITY for new user-owned tables).\n',
);
console.error(output);
process.exit(1);
