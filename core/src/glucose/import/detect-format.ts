import { type CsvRow, detectDelimiter, parseCsv, stripBom } from './csv-tokenizer';
import { isClarityHeader } from './dexcom-clarity';
import { findHeaderRow, HEADER_SEARCH_ROWS } from './header';
import { isLibreViewHeader } from './libreview';
import { isPlainHeader } from './plain-csv';
import { type ImportFormat, ImportFormatError } from './types';

/** Enough text for the header search; a header never sits further in. */
const DETECT_CHARS = 65_536;

/** The first rows of a file, for detection. */
export function headRows(text: string): CsvRow[] {
  const head = stripBom(text).slice(0, DETECT_CHARS);
  return parseCsv(head, detectDelimiter(head)).slice(0, HEADER_SEARCH_ROWS);
}

/**
 * Which export a file is, from its header: Clarity and LibreView by their own column names (checked
 * first, since their headers would also pass the loose plain-CSV match), else a plain CSV with a
 * timestamp and a value column. Throws ImportFormatError saying what was expected and what the first
 * line holds, so the user can tell a wrong file from a mangled one.
 */
export function detectImportFormat(text: string): ImportFormat {
  const rows = headRows(text);
  if (rows.length === 0) throw new ImportFormatError('The file is empty.');
  if (findHeaderRow(rows, isClarityHeader) >= 0) return 'dexcom-clarity';
  if (findHeaderRow(rows, isLibreViewHeader) >= 0) return 'libreview';
  if (findHeaderRow(rows, isPlainHeader) >= 0) return 'csv';
  const first = (rows[0] as CsvRow).cells.slice(0, 8).map((cell) => cell.trim().slice(0, 40));
  throw new ImportFormatError(
    'This file is not a glucose export Healthfolio can read. Expected a Dexcom Clarity CSV export, a ' +
      'LibreView (FreeStyle Libre) CSV export, or a CSV with a header naming a timestamp column and a ' +
      `glucose value column (for example "timestamp,value,unit"). The first line has: ${first.join(', ')}.`,
  );
}
