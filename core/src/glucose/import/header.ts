import type { CsvRow } from './csv-tokenizer';

/** Rows searched for a header: exports put at most a title or a few notes above it. */
export const HEADER_SEARCH_ROWS = 10;

/** A header cell for name matching: lower case, single spaces, no surrounding blanks. */
export function normalizeHeader(cell: string): string {
  return cell.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Index of the first row (among the first few) that `isHeader` accepts, or -1. */
export function findHeaderRow(rows: readonly CsvRow[], isHeader: (cells: string[]) => boolean): number {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    if (isHeader((rows[i] as CsvRow).cells.map(normalizeHeader))) return i;
  }
  return -1;
}

/** Index of the first normalised header cell that `matches`, or -1. */
export function findColumn(header: readonly string[], matches: (name: string) => boolean): number {
  return header.findIndex((cell) => matches(normalizeHeader(cell)));
}
