/**
 * The browser side of CGM import: core's parsers (core/src/glucose/import) read the file here, so the
 * preview shows exactly what will be stored. Loaded on demand with the file, not with the screen.
 *
 * TEMPORARY: until core's import module is on main this adapter holds its contract (the types below
 * match core/src/glucose/import/types.ts) and reports that parsing is unavailable.
 */
export const IMPORT_FORMATS = ['dexcom-clarity', 'libreview', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ParsedImport {
  format: ImportFormat;
  unit: 'mg/dL' | 'mmol/L';
  /** Epoch ms (UTC) and canonical mg/dL, ascending by time. */
  readings: { at: number; mgdl: number }[];
  rowsFound: number;
  skipped: { line: number; reason: string }[];
  clipped?: number;
  firstAt: number | null;
  lastAt: number | null;
}

export class ImportFormatError extends Error {
  override name = 'ImportFormatError';
}

export const importSource = (format: ImportFormat) => `import:${format}` as const;

export async function parseGlucoseFile(
  _text: string,
  _opts: { timeZone: string; format?: ImportFormat },
): Promise<ParsedImport> {
  throw new ImportFormatError('Reading CGM files is not available in this build yet.');
}
