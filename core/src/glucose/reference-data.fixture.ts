import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test-only access to the reference data vendored in the repository (origins and licences in its README). */
export const REFERENCE_DATA_DIR = fileURLToPath(
  new URL('../../../test-fixtures/reference-data/', import.meta.url),
);

export function readReferenceFile(name: string): string {
  return readFileSync(join(REFERENCE_DATA_DIR, name), 'utf8');
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
