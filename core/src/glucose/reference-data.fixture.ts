import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test-only access to /shared/reference-data. HEALTHFOLIO_SHARED_DIR wins; otherwise walk up from
 * this file until a `shared/reference-data` directory appears, which works from the main checkout
 * and from a git worktree beside it. Missing data fails the test loudly rather than skipping it.
 */
export function referenceDataDir(): string {
  const fromEnv = process.env.HEALTHFOLIO_SHARED_DIR;
  if (fromEnv) return join(fromEnv, 'reference-data');
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'reference-data');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('shared/reference-data not found; set HEALTHFOLIO_SHARED_DIR');
    dir = parent;
  }
}

export function readReferenceFile(name: string): string {
  return readFileSync(join(referenceDataDir(), name), 'utf8');
}

export interface IgluReading {
  id: string;
  /** The file's local wall-clock time, read as UTC so tests can use timeZone 'UTC'. */
  atMs: number;
  mgdl: number;
}

/** Rows of an iglu CSV export (`"id","time","gl"`), skipping NA values as iglu does. */
export function readIgluCsv(name: string): IgluReading[] {
  const [, ...lines] = readReferenceFile(name).trim().split(/\r?\n/);
  const rows: IgluReading[] = [];
  for (const line of lines) {
    const [id = '', time = '', gl = ''] = line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    if (gl === 'NA' || gl === '') continue;
    rows.push({ id, atMs: Date.parse(`${time.replace(' ', 'T')}Z`), mgdl: Number(gl) });
  }
  return rows;
}
