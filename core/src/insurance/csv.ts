/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF; a field holding a comma, a quote, CR
 * or LF is quoted and its quotes doubled. A text field a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or CR) gets a leading apostrophe: the file goes to an HSA
 * administrator or a tax preparer, who opens it in a spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined, { text = true } = {}): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export type CsvCell = string | number | null | { number: string };

/** Rows to a CSV document; `{ number }` cells are written as they are (amounts like "-12.50"). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows
    .map((row) =>
      row
        .map((cell) =>
          cell !== null && typeof cell === 'object' ? csvField(cell.number, { text: false }) : csvField(cell),
        )
        .join(','),
    )
    .join('\r\n')
    .concat('\r\n');
}
