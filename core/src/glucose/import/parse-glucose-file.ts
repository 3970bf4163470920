import { timeZoneOffsetMs } from '../../units/local-time';
import { type CsvRow, detectDelimiter, parseCsv, stripBom } from './csv-tokenizer';
import { detectImportFormat } from './detect-format';
import { parseDexcomClarity } from './dexcom-clarity';
import { parseLibreView } from './libreview';
import { parsePlainCsv } from './plain-csv';
import { type ImportFormat, ImportFormatError, type ParsedImport } from './types';

const PARSERS: Record<ImportFormat, (rows: readonly CsvRow[], timeZone: string) => ParsedImport> = {
  'dexcom-clarity': parseDexcomClarity,
  libreview: parseLibreView,
  csv: parsePlainCsv,
};

/**
 * Parses a CGM export for the import preview and the import itself. Timestamps without an offset
 * are the user's local time in `timeZone`. `format` skips detection (the user picked one); a file
 * that does not match it throws ImportFormatError. Pure and synchronous: the server and the browser
 * run the same code, so the preview shows exactly what the import will store.
 */
export function parseGlucoseFile(
  text: string,
  opts: { timeZone: string; format?: ImportFormat },
): ParsedImport {
  try {
    timeZoneOffsetMs(0, opts.timeZone);
  } catch {
    throw new RangeError(`Unknown time zone: ${opts.timeZone}`);
  }
  const body = stripBom(text);
  if (body.trim() === '') throw new ImportFormatError('The file is empty.');
  const format = opts.format ?? detectImportFormat(body);
  return PARSERS[format](parseCsv(body, detectDelimiter(body)), opts.timeZone);
}
