import { createLocalToUtc } from './local-to-utc';

/** Order of the day and month in numeric dates such as 06-07-2023. */
export type DateOrder = 'MDY' | 'DMY';

// ISO-like: 2023-06-15T08:05[:00[.123]] with an optional Z / ±hh[:mm] / UTC; a space may replace the T.
const ISO =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;
// Numeric day and month first: 06-15-2023 08:05, 15/06/2023 8:05:30, 06-15-2023 08:05 AM.
const NUMERIC =
  /^(\d{1,2})([-/.])(\d{1,2})[-/.](\d{4})(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:([AaPp])\.?[Mm]\.?)?$/;

/**
 * Decides one date order for a whole file from its timestamps, because a per-row guess would read
 * 06-07 differently from 13-07 in the same file. A first number above 12 proves day-first; a second
 * number above 12 proves month-first. With no proof (or contradicting proof) the default is
 * month-first, LibreView's default and the US layout, except for dotted dates (15.06.2023), which
 * are written day-first wherever they are used.
 */
export function detectDateOrder(timestamps: Iterable<string>): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  let dotted: boolean | undefined;
  for (const text of timestamps) {
    const m = NUMERIC.exec(text.trim());
    if (!m) continue;
    dotted ??= m[2] === '.';
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[3]) > 12) monthFirst = true;
    if (dayFirst && monthFirst) break;
  }
  if (dayFirst && !monthFirst) return 'DMY';
  if (monthFirst) return 'MDY';
  return dotted ? 'DMY' : 'MDY';
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function offsetMs(zone: string): number {
  if (/^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
}

/** Wall-clock fields as "local epoch ms", or null when any field is out of its calendar range. */
function wallMs(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
): number | null {
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return Date.UTC(y, mo - 1, d, h, mi, s, ms);
}

const ZERO = 48;

/** Two digits at `i` as a number, or NaN. */
function twoDigits(text: string, i: number): number {
  const a = text.charCodeAt(i) - ZERO;
  const b = text.charCodeAt(i + 1) - ZERO;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

/**
 * Fast path for the forms nearly every export writes, "YYYY-MM-DDThh:mm[:ss]" (T or space) with no
 * zone: read digit by digit, no regex and no allocation, as local epoch ms (null when a field is
 * out of range). Undefined means "not this form", and the general parser takes over.
 */
function plainIsoLocal(text: string): number | null | undefined {
  const n = text.length;
  if (n !== 16 && n !== 19) return undefined;
  const sep = text.charCodeAt(10);
  if (text[4] !== '-' || text[7] !== '-' || (sep !== 84 && sep !== 32) || text[13] !== ':') return undefined;
  if (n === 19 && text[16] !== ':') return undefined;
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = n === 19 ? twoDigits(text, 17) : 0;
  // NaN anywhere makes the sum NaN: one check for all six fields.
  if (Number.isNaN(year + month + day + hour + minute + second)) return undefined;
  return wallMs(year, month, day, hour, minute, second, 0);
}

/**
 * A parser for one file's timestamps: returns epoch ms UTC, or null for text it does not
 * understand. A timestamp with Z or an offset is used as is; one without is the user's local time
 * in `timeZone` (see createLocalToUtc for the DST gap and overlap rules).
 */
export function createTimestampParser(timeZone: string, order: DateOrder): (text: string) => number | null {
  const toUtc = createLocalToUtc(timeZone);
  return (raw: string): number | null => {
    const fast = plainIsoLocal(raw);
    if (fast !== undefined) return fast === null ? null : toUtc(fast);
    const text = raw.trim();
    const iso = ISO.exec(text);
    if (iso) {
      const [, y, mo, d, h, mi, s, frac, zone] = iso;
      const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
      const local = wallMs(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
      if (local === null) return null;
      return zone ? local - offsetMs(zone) : toUtc(local);
    }
    const num = NUMERIC.exec(text);
    if (!num) return null;
    const [, first, , second, y, h, mi, s, meridiem] = num;
    const [mo, d] = order === 'MDY' ? [first, second] : [second, first];
    let hour = Number(h);
    if (meridiem) {
      // 12-hour clock: 12 AM is midnight, 12 PM is noon.
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (/p/i.test(meridiem) ? 12 : 0);
    }
    const local = wallMs(Number(y), Number(mo), Number(d), hour, Number(mi), Number(s ?? 0), 0);
    return local === null ? null : toUtc(local);
  };
}
