import type { CsvRow } from './csv-tokenizer';
import { type FileUnit, guessUnit, numbersIn, unitFromCell, unitInHeader } from './glucose-unit';
import { findHeaderRow } from './header';
import { ReadingCollector, shown } from './reading-collector';
import { createTimestampParser, detectDateOrder } from './timestamp';
import { ImportFormatError, type ParsedImport } from './types';

/**
 * Plain CSV: a header with a timestamp column and a glucose value column, and optionally a unit
 * column. Column names are matched loosely (case, spaces, punctuation and a unit in the name are
 * ignored), so "Time", "timestamp", "Date/Time", "gl", "SGV" or "Glucose (mmol/L)" all work. A
 * separate "date" and "time" pair is joined. The unit comes from each row's unit cell, else from
 * the value column's name, else from the values (see guessUnit).
 */

const TIMESTAMP_NAMES = new Set([
  'timestamp',
  'datetime',
  'dateandtime',
  'devicetimestamp',
  'localtime',
  'displaytime',
  'readingtime',
]);
const VALUE_NAMES = new Set([
  'value',
  'glucose',
  'glucosevalue',
  'gl',
  'sgv',
  'bg',
  'bloodglucose',
  'sensorglucose',
  'glucoselevel',
  'reading',
]);
const UNIT_NAMES = new Set(['unit', 'units', 'glucoseunit', 'glucoseunits']);

/** A column name reduced to its letters, without a unit in it: "Glucose (mmol/L)" → "glucose". */
function bareName(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/mg\s*\/\s*dl|mmol\s*\/\s*l/g, '')
    .replace(/[^a-z]/g, '');
}

interface PlainColumns {
  timestamp: number;
  date: number;
  time: number;
  value: number;
  unit: number;
}

function plainColumns(cells: readonly string[]): PlainColumns | null {
  const names = cells.map(bareName);
  const find = (test: (name: string, i: number) => boolean) => names.findIndex(test);
  const columns = {
    timestamp: find((name) => TIMESTAMP_NAMES.has(name)),
    date: find((name) => name === 'date'),
    time: find((name) => name === 'time'),
    // A column named only by its unit ("mg/dL") holds the values too.
    value: find((name, i) => VALUE_NAMES.has(name) || (name === '' && unitInHeader(cells[i] ?? '') !== null)),
    unit: find((name) => UNIT_NAMES.has(name)),
  };
  const hasTime = columns.timestamp >= 0 || columns.date >= 0 || columns.time >= 0;
  return hasTime && columns.value >= 0 ? columns : null;
}

export function isPlainHeader(cells: string[]): boolean {
  return plainColumns(cells) !== null;
}

export function parsePlainCsv(rows: readonly CsvRow[], timeZone: string): ParsedImport {
  const headerIndex = findHeaderRow(rows, isPlainHeader);
  const header = rows[headerIndex]?.cells;
  const columns = header ? plainColumns(header) : null;
  if (!header || !columns) {
    throw new ImportFormatError(
      'No CSV header found: expected a timestamp column (such as "timestamp" or "time") and a glucose value column (such as "value" or "glucose"), and optionally "unit".',
    );
  }
  const data = rows.slice(headerIndex + 1);
  const cell = (row: CsvRow, col: number) => (col < 0 ? '' : (row.cells[col] ?? ''));
  const timestampOf = (row: CsvRow): string => {
    if (columns.timestamp >= 0) return cell(row, columns.timestamp);
    const date = cell(row, columns.date).trim();
    const time = cell(row, columns.time).trim();
    // "date" + "time" columns are joined only when "time" holds a bare clock time.
    if (date !== '' && /^\d{1,2}:\d{2}/.test(time)) return `${date} ${time}`;
    return time !== '' ? time : date;
  };
  const unitCell = (row: CsvRow) => cell(row, columns.unit).trim();
  const valueCol = columns.value;
  function* cellsWithoutUnit(): Generator<string> {
    for (const row of data) if (unitCell(row) === '') yield cell(row, valueCol);
  }
  const fallbackUnit: FileUnit =
    unitInHeader(header[columns.value] ?? '') ?? guessUnit(numbersIn(cellsWithoutUnit()));
  const order = detectDateOrder(data.map(timestampOf));
  const collector = new ReadingCollector(createTimestampParser(timeZone, order));
  for (const row of data) {
    const unitText = unitCell(row);
    const unit = unitText === '' ? fallbackUnit : unitFromCell(unitText);
    if (unit === null) {
      collector.skip(row.line, `Unit not understood: ${shown(unitText)}`);
      continue;
    }
    collector.add({ line: row.line, timestamp: timestampOf(row), value: cell(row, columns.value), unit });
  }
  return collector.finish('csv', fallbackUnit);
}
