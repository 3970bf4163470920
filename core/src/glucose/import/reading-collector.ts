import { mmolToMgdl } from '../../units/glucose-units';
import { parseDecimalInput, roundTo } from '../../units/round';
import type { FileUnit } from './glucose-unit';
import type { ImportedReading, ImportFormat, ParsedImport, SkippedRow } from './types';

/** Readings outside this band (mg/dL, after conversion) are data errors, not glucose. */
export const MIN_MGDL = 20;
export const MAX_MGDL = 600;

/** Cell text quoted in a reason, cut short so one wild cell cannot flood the preview. */
export function shown(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed;
}

export interface RowInput {
  line: number;
  timestamp: string;
  value: string;
  unit: FileUnit;
}

/**
 * Validates rows into readings the same way for every format, so the preview's reasons read alike:
 * timestamp, value, range, then duplicates (the first row for an instant wins, later ones are
 * skipped, which also makes a re-read of the same file add nothing new).
 */
export class ReadingCollector {
  private readonly readings: ImportedReading[] = [];
  private readonly skipped: SkippedRow[] = [];
  private readonly lineByInstant = new Map<number, number>();
  private readonly unitCounts = { 'mg/dL': 0, 'mmol/L': 0 };
  private clipped = 0;

  constructor(
    private readonly parseTimestamp: (text: string) => number | null,
    /** Text markers standing for a limit value in mg/dL (Dexcom's Low/High), keyed in lower case. */
    private readonly markers: ReadonlyMap<string, number> = new Map(),
  ) {}

  skip(line: number, reason: string): void {
    this.skipped.push({ line, reason });
  }

  add(row: RowInput): void {
    const result = this.toReading(row);
    if (typeof result === 'string') this.skip(row.line, result);
    else this.readings.push(result);
  }

  /** The row as a reading (recording its instant for the duplicate check), or why it is skipped. */
  private toReading({ line, timestamp, value, unit }: RowInput): ImportedReading | string {
    if (timestamp.trim() === '') return 'No timestamp';
    const at = this.parseTimestamp(timestamp);
    if (at === null) return `Timestamp not understood: ${shown(timestamp)}`;
    if (value.trim() === '') return 'No glucose value';
    const marker = this.markers.get(value.trim().toLowerCase());
    let mgdl: number;
    if (marker !== undefined) {
      mgdl = marker;
    } else {
      const number = parseDecimalInput(value);
      if (number === null) return `Value not understood: ${shown(value)}`;
      mgdl = roundTo(unit === 'mmol/L' ? mmolToMgdl(number) : number, 1);
      if (mgdl < MIN_MGDL || mgdl > MAX_MGDL) return `Value out of range (${shown(value)} ${unit})`;
    }
    const firstLine = this.lineByInstant.get(at);
    if (firstLine !== undefined) return `Duplicate timestamp (same as line ${firstLine})`;
    this.lineByInstant.set(at, line);
    if (marker !== undefined) this.clipped++;
    this.unitCounts[unit]++;
    return { at, mgdl };
  }

  /** The result; `fallbackUnit` is reported when no row became a reading. */
  finish(format: ImportFormat, fallbackUnit: FileUnit): ParsedImport {
    const readings = this.readings;
    // Most files are already in time order; sort (stable) only when one is not.
    for (let i = 1; i < readings.length; i++) {
      if ((readings[i] as ImportedReading).at < (readings[i - 1] as ImportedReading).at) {
        readings.sort((a, b) => a.at - b.at);
        break;
      }
    }
    const { 'mg/dL': mgdl, 'mmol/L': mmol } = this.unitCounts;
    const unit: FileUnit = mgdl === 0 && mmol === 0 ? fallbackUnit : mmol > mgdl ? 'mmol/L' : 'mg/dL';
    return {
      format,
      unit,
      readings,
      rowsFound: readings.length + this.skipped.length,
      skipped: this.skipped,
      clipped: this.clipped,
      firstAt: readings[0]?.at ?? null,
      lastAt: readings[readings.length - 1]?.at ?? null,
    };
  }
}
