/** The CGM export layouts Healthfolio can read. */
export const IMPORT_FORMATS = ['dexcom-clarity', 'libreview', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One glucose reading ready for the glucose store: a UTC instant and a canonical mg/dL value. */
export interface ImportedReading {
  /** Epoch milliseconds, UTC. */
  at: number;
  /** Canonical mg/dL (DESIGN §3), kept to 0.1 so an mmol/L source converts without visible loss. */
  mgdl: number;
}

export interface SkippedRow {
  /** 1-based physical line in the file where the row starts. */
  line: number;
  /** Plain English, shown to the user in the import preview. */
  reason: string;
}

export interface ParsedImport {
  format: ImportFormat;
  /** The unit the file's values were written in (the most common one when a plain CSV mixes units). */
  unit: 'mg/dL' | 'mmol/L';
  /** Readings in ascending time order (LibreView files are grouped by device and record type, not time). */
  readings: ImportedReading[];
  /** Data rows considered: readings.length + skipped.length. Blank lines are not rows. */
  rowsFound: number;
  /** Every skipped row, in file order; the UI shows the first ones and a count. */
  skipped: SkippedRow[];
  /**
   * Readings that were Dexcom "Low"/"High" markers, stored at Dexcom's reporting limits (40 and
   * 400 mg/dL). They are real readings beyond the sensor's range, so they are kept rather than
   * skipped, and counted here so the preview can say how many values are limits, not measurements.
   */
  clipped: number;
  firstAt: number | null;
  lastAt: number | null;
}

/** The file is empty or is not any of the supported layouts; the message says what was expected. */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError';
}

/** The glucose store's `source` for readings from an import (DESIGN §3: import:<name>). */
export const importSource = (f: ImportFormat) => `import:${f}` as const;
