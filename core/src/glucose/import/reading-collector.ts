import { mmolToMgdl } from '../../units/glucose-units';
import { latestAllowedMs } from '../../units/not-in-future';
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

/**
 * mg/dL to 0.1. Integers (nearly every mg/dL file) pass untouched and clear cases use Math.round;
 * only a value within binary noise of a half goes through roundTo, whose decimal clean-up costs a
 * string conversion that would dominate a year-long import.
 */
export function toTenths(mgdl: number): number {
  if (Number.isInteger(mgdl)) return mgdl;
  const scaled = mgdl * 10;
  return Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6 ? roundTo(mgdl, 1) : Math.round(scaled) / 10;
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
  /** Rows dated after this (epoch ms) are skipped: nothing health-related is dated in the future. */
  private readonly latestAllowed = latestAllowedMs();

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
    if (at > this.latestAllowed) return `Dated in the future: ${shown(timestamp)}`;
    const text = value.trim();
    if (text === '') return 'No glucose value';
    const marker = this.markers.size === 0 ? undefined : this.markers.get(text.toLowerCase());
    let mgdl: number;
    if (marker !== undefined) {
      mgdl = marker;
    } else {
      const number = parseDecimalInput(text);
      if (number === null) return `Value not understood: ${shown(text)}`;
      mgdl = toTenths(unit === 'mmol/L' ? mmolToMgdl(number) : number);
      if (mgdl < MIN_MGDL || mgdl > MAX_MGDL) return `Value out of range (${shown(text)} ${unit})`;
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
