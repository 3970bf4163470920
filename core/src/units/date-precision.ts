import { localDate } from './local-time';

/**
 * How much of a date a record gave, for what is stored as an instant (a lab result, an imported
 * vital sign): a year (`2019`), a month (`2019-03`) or a day (`2019-03-15`); null is a time of day.
 * Such a date is stored at noon UTC of its day, of the 15th of its month or of July 1st of its year
 * (the middle of it in every time zone, so lists and charts order it right) and shown as the record
 * gave it, never with a time of day nor moved by a time zone.
 */
export const DATE_PRECISIONS = ['year', 'month', 'day'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

/** The precision of a FHIR date as written; null for a dateTime (or anything else). */
export const datePrecisionOf = (fhir: string | null | undefined): DatePrecision | null => {
  const v = fhir?.trim() ?? '';
  if (/^\d{4}$/.test(v)) return 'year';
  if (/^\d{4}-\d{2}$/.test(v)) return 'month';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'day';
  return null;
};

const MIDDLE: Record<DatePrecision, string> = {
  year: '-07-01T12:00:00.000Z',
  month: '-15T12:00:00.000Z',
  day: 'T12:00:00.000Z',
};

/**
 * The instant a FHIR date (`2019`, `2019-03`, `2019-03-15`) is stored at: the middle of it (above);
 * null for anything else, or a date no calendar has.
 */
export const partialDateInstant = (date: string): string | null => {
  const precision = datePrecisionOf(date);
  if (!precision) return null;
  const at = `${date.trim()}${MIDDLE[precision]}`;
  return Number.isNaN(Date.parse(at)) || !at.startsWith(new Date(at).toISOString().slice(0, 10)) ? null : at;
};

/** A stored date of that precision as the record gave it: "2019", "Mar 2019", "Mar 15, 2019". */
export const partialDateWords = (iso: string, precision: DatePrecision, locale?: string) => {
  const options: Intl.DateTimeFormatOptions =
    precision === 'year'
      ? { timeZone: 'UTC', year: 'numeric' }
      : precision === 'month'
        ? { timeZone: 'UTC', year: 'numeric', month: 'short' }
        : { timeZone: 'UTC', dateStyle: 'medium' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
};

/** A stored date of that precision as a FHIR date, as the record wrote it: `2019`, `2019-03`, `2019-03-15`. */
export const partialDateIso = (at: Date | string, precision: DatePrecision) =>
  new Date(at).toISOString().slice(0, precision === 'year' ? 4 : precision === 'month' ? 7 : 10);

/**
 * The calendar day (YYYY-MM-DD) a record's item is on: for one dated only by day, month or year, the
 * day it is stored on (never moved by a zone); else the day of its instant in the zone.
 */
export const recordDay = (
  at: Date | string,
  precision: DatePrecision | null | undefined,
  timeZone: string,
) => (precision ? new Date(at).toISOString().slice(0, 10) : localDate(at, timeZone));

/**
 * The date of a record's item as ISO 8601 where a report prints one: the FHIR date of its precision
 * (`2019`, `2019-03`, `2019-03-14`) for one dated only so, else the day of its instant in the zone.
 */
export const recordDateIso = (
  at: Date | string,
  precision: DatePrecision | null | undefined,
  timeZone: string,
) => (precision ? partialDateIso(at, precision) : localDate(at, timeZone));

/** The same day stored as an earlier Healthfolio stored a C-CDA date of a day: midnight UTC of it. */
export const midnightUtcOf = (iso: string) => `${iso.slice(0, 10)}T00:00:00.000Z`;
