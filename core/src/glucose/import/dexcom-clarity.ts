import type { CsvRow } from './csv-tokenizer';
import { guessUnit, numbersIn, unitInHeader } from './glucose-unit';
import { findColumn, findHeaderRow } from './header';
import { ReadingCollector, shown } from './reading-collector';
import { createTimestampParser, detectDateOrder } from './timestamp';
import { ImportFormatError, type ParsedImport } from './types';

/**
 * Dexcom Clarity CSV export: one header row ("Index, Timestamp (YYYY-MM-DDThh:mm:ss), Event Type,
 * …, Glucose Value (mg/dL), …"), then patient, device and alert rows with no timestamp, then one row
 * per event. Only EGV (estimated glucose value) rows are sensor readings; calibrations, insulin,
 * carbs and alerts are other events and are skipped with their type as the reason.
 */

/** Dexcom writes readings beyond the sensor's range as words; its reporting limits stand in for them. */
const DEXCOM_MARKERS: ReadonlyMap<string, number> = new Map([
  ['low', 40],
  ['high', 400],
]);

const isTimestamp = (name: string) => name.startsWith('timestamp');
const isEventType = (name: string) => name === 'event type';
const isGlucose = (name: string) => name.startsWith('glucose value');

export function isClarityHeader(cells: string[]): boolean {
  return cells.some(isEventType) && cells.some(isGlucose) && cells.some(isTimestamp);
}

export function parseDexcomClarity(rows: readonly CsvRow[], timeZone: string): ParsedImport {
  const headerIndex = findHeaderRow(rows, isClarityHeader);
  const header = rows[headerIndex]?.cells;
  if (!header) {
    throw new ImportFormatError(
      'No Dexcom Clarity header found: expected the columns "Timestamp (YYYY-MM-DDThh:mm:ss)", "Event Type" and "Glucose Value (mg/dL)" or "Glucose Value (mmol/L)".',
    );
  }
  const timestampCol = findColumn(header, isTimestamp);
  const typeCol = findColumn(header, isEventType);
  const glucoseCol = findColumn(header, isGlucose);
  const data = rows.slice(headerIndex + 1);
  const isEgv = (row: CsvRow) => (row.cells[typeCol] ?? '').trim().toUpperCase() === 'EGV';
  const egvRows = data.filter(isEgv);
  const cell = (row: CsvRow, col: number) => row.cells[col] ?? '';

  const unit =
    unitInHeader(header[glucoseCol] ?? '') ??
    guessUnit(numbersIn(egvRows.map((row) => cell(row, glucoseCol))));
  const order = detectDateOrder(egvRows.map((row) => cell(row, timestampCol)));
  const collector = new ReadingCollector(createTimestampParser(timeZone, order), DEXCOM_MARKERS);
  for (const row of data) {
    if (!isEgv(row)) {
      const type = shown(cell(row, typeCol));
      collector.skip(row.line, `Not a glucose reading (event type ${type === '' ? 'missing' : type})`);
      continue;
    }
    collector.add({ line: row.line, timestamp: cell(row, timestampCol), value: cell(row, glucoseCol), unit });
  }
  return collector.finish('dexcom-clarity', unit);
}
