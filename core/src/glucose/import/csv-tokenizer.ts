/**
 * A small RFC 4180 CSV reader. Hand-written because `core` depends on nothing but zod, and CGM
 * exports need only the basics: quoted fields with doubled quotes, CRLF or LF, a UTF-8 BOM, and the
 * `;` or tab delimiter that LibreView and spreadsheet tools write in decimal-comma locales.
 */

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvRow {
  /** 1-based physical line where the record starts (a quoted field may span lines). */
  line: number;
  cells: string[];
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** How many times `delimiter` occurs outside quotes in one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * Picks the delimiter that splits both of the first two non-blank lines (the header and a data row,
 * or LibreView's title and header) the most. Taking the smaller of the two counts keeps a decimal
 * comma in a `;`-delimited data row ("08:00;5,5") from outvoting the real delimiter. Ties: comma.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const lines = stripBom(text.slice(0, 16_384))
    .split(/\r?\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 2);
  let best: CsvDelimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const score = Math.min(...lines.map((line) => countOutsideQuotes(line, delimiter)));
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function countLineBreaks(value: string): number {
  let breaks = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === LF || (c === CR && value.charCodeAt(i + 1) !== LF)) breaks++;
  }
  return breaks;
}

/**
 * Splits text into records. Records whose cells are all empty or blank (blank lines, or the ",,,," lines
 * spreadsheets leave at the end) are dropped: they are not data rows. Malformed quoting is read
 * leniently (an unterminated quote runs to the end of the file; text after a closing quote is kept)
 * because a preview that shows odd values beats refusing a whole export over one cell.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter): CsvRow[] {
  const rows: CsvRow[] = [];
  const d = delimiter.charCodeAt(0);
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    // Fast path: a line without quotes or stray CRs is a plain split, far quicker than the loop below.
    const lf = text.indexOf('\n', i);
    const end = lf === -1 ? n : lf;
    const lineEnd = text.charCodeAt(end - 1) === CR ? end - 1 : end;
    const plain = text.slice(i, lineEnd);
    if (!plain.includes('"') && !plain.includes('\r')) {
      if (plain.replaceAll(delimiter, '').trim() !== '') rows.push({ line, cells: plain.split(delimiter) });
      i = end + 1;
      line++;
      continue;
    }
    const startLine = line;
    const cells: string[] = [];
    let blank = true;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        // Quoted field: jump quote to quote with indexOf, which is much faster than a char loop.
        let start = i + 1;
        let parts = '';
        for (;;) {
          const q = text.indexOf('"', start);
          if (q === -1) {
            parts += text.slice(start);
            i = n;
            break;
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            parts += text.slice(start, q + 1);
            start = q + 2;
            continue;
          }
          parts += text.slice(start, q);
          i = q + 1;
          break;
        }
        line += countLineBreaks(parts);
        const tail = i;
        while (i < n && !isBreak(text.charCodeAt(i), d)) i++;
        value = tail === i ? parts : parts + text.slice(tail, i);
      } else {
        const start = i;
        while (i < n && !isBreak(text.charCodeAt(i), d)) i++;
        value = text.slice(start, i);
      }
      cells.push(value);
      if (blank && value.trim() !== '') blank = false;
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === d) {
        i++;
        if (i >= n) {
          cells.push('');
          break;
        }
        continue;
      }
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    if (!blank) rows.push({ line: startLine, cells });
  }
  return rows;
}

function isBreak(c: number, delimiter: number): boolean {
  return c === delimiter || c === LF || c === CR;
}
