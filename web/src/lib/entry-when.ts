import { type DatePrecision, partialDateWords } from '@healthfolio/core/units/date-precision';
import { formatDate, formatDateTime, formatShortDate, formatTime } from './zoned-format';

// Apart from zoned-format.ts, which the shell loads on every page: only the entry screens need it.

type Dated = { occurredAt: string; occurredPrecision?: DatePrecision | null };

/**
 * The date of a record's item (an entry, a lab result): the year, month or day its record gave, as it
 * gave it, or the day of its instant in the zone.
 */
export const recordDate = (at: string, precision: DatePrecision | null | undefined, timeZone: string) =>
  precision ? partialDateWords(at, precision) : formatDate(at, timeZone);

/**
 * When an entry was taken: its date and time in the zone, or, for one its record dated only by day
 * (month, year), that date as the record gave it and no time.
 */
export const entryWhen = (e: Dated, timeZone: string): { date: string; time: string | null } =>
  e.occurredPrecision
    ? { date: recordDate(e.occurredAt, e.occurredPrecision, timeZone), time: null }
    : { date: recordDate(e.occurredAt, null, timeZone), time: formatTime(e.occurredAt, timeZone) };

/**
 * The same in one line ("Mar 14, 2019, 3:05 PM"; "Mar 14, 2019", "Mar 2019" or "2019" for a dated-only
 * entry); `dateTime` writes an instant in a screen's own style.
 */
export const entryDateTime = (
  e: Dated,
  timeZone: string,
  dateTime: (iso: string) => string = (iso) => formatDateTime(iso, timeZone),
) => (e.occurredPrecision ? partialDateWords(e.occurredAt, e.occurredPrecision) : dateTime(e.occurredAt));

/** Its day in short ("Mar 14"; "Mar 2019" or "2019" for an entry dated only by month or year). */
export const entryShortDate = (e: Dated, timeZone: string) =>
  e.occurredPrecision === 'day'
    ? formatShortDate(e.occurredAt, 'UTC')
    : e.occurredPrecision
      ? partialDateWords(e.occurredAt, e.occurredPrecision)
      : formatShortDate(e.occurredAt, timeZone);
