import type { CsvRow } from './csv-tokenizer';
import { type FileUnit, guessUnit, numbersIn, unitInHeader } from './glucose-unit';
import { findColumn, findHeaderRow } from './header';
import { ReadingCollector, shown } from './reading-collector';
import { createTimestampParser, detectDateOrder } from './timestamp';
import { ImportFormatError, type ParsedImport } from './types';

/**
 * LibreView (FreeStyle Libre) CSV export: a title line ("Glucose Data,Generated on,…,Generated
 * by,…"), a header ("Device, Serial Number, Device Timestamp, Record Type, Historic Glucose mg/dL,
 * Scan Glucose mg/dL, …", the unit in the column names), then one row per record. Record type 0 is
 * a historic (automatic, every 15 minutes) reading read from "Historic Glucose", type 1 a scan read
 * from "Scan Glucose"; the other types (strip tests, ketones, insulin, food, notes) are skipped.
 * "Device Timestamp" is the device's local time with no zone, "MM-DD-YYYY hh:mm AM" or
 * "DD-MM-YYYY HH:mm" depending on the account's settings; rows are grouped by device and record
 * type, not by time, so the readings are sorted afterwards.
 */

const isTimestamp = (name: string) => name === 'device timestamp';
const isRecordType = (name: string) => name === 'record type';
const isHistoric = (name: string) => name.startsWith('historic glucose');
const isScan = (name: string) => name.startsWith('scan glucose');

export function isLibreViewHeader(cells: string[]): boolean {
  return cells.some(isTimestamp) && cells.some(isRecordType);
}

export function parseLibreView(rows: readonly CsvRow[], timeZone: string): ParsedImport {
  const headerIndex = findHeaderRow(rows, isLibreViewHeader);
  const header = rows[headerIndex]?.cells;
  const historicCol = header ? findColumn(header, isHistoric) : -1;
  const scanCol = header ? findColumn(header, isScan) : -1;
  if (!header || (historicCol < 0 && scanCol < 0)) {
    throw new ImportFormatError(
      'No LibreView header found: expected the columns "Device Timestamp", "Record Type" and "Historic Glucose mg/dL" (or mmol/L).',
    );
  }
  const timestampCol = findColumn(header, isTimestamp);
  const typeCol = findColumn(header, isRecordType);
  const data = rows.slice(headerIndex + 1);
  const cell = (row: CsvRow, col: number) => (col < 0 ? '' : (row.cells[col] ?? ''));
  const valueCol = (row: CsvRow): number | null => {
    const type = cell(row, typeCol).trim();
    return type === '0' ? historicCol : type === '1' ? scanCol : null;
  };

  function* glucoseCells(): Generator<string> {
    for (const row of data) {
      const col = valueCol(row);
      if (col !== null) yield cell(row, col);
    }
  }
  const unit: FileUnit =
    unitInHeader(header[historicCol] ?? '') ??
    unitInHeader(header[scanCol] ?? '') ??
    guessUnit(numbersIn(glucoseCells()));
  const order = detectDateOrder(data.map((row) => cell(row, timestampCol)));
  const collector = new ReadingCollector(createTimestampParser(timeZone, order));
  for (const row of data) {
    const col = valueCol(row);
    if (col === null) {
      const type = shown(cell(row, typeCol));
      collector.skip(
        row.line,
        /^\d+$/.test(type)
          ? `Not a sensor glucose reading (record type ${type})`
          : `Record type not understood: ${type === '' ? 'missing' : type}`,
      );
      continue;
    }
    collector.add({ line: row.line, timestamp: cell(row, timestampCol), value: cell(row, col), unit });
  }
  return collector.finish('libreview', unit);
}
