import { type DatePrecision, datePrecisionOf, partialDateInstant, partialDateIso } from './date-precision';
import { localDate } from './local-time';
import { isDateNotInFuture, isNotInFuture, latestAllowedMs } from './not-in-future';

/**
 * Dates of a precision (a day, a month, a year) typed or imported without a time: where they are
 * stored and whether they have begun. Apart from date-precision.ts, which every screen showing a
 * date loads, so those screens do not carry the future checks.
 */
const LENGTH: Record<DatePrecision, number> = { year: 4, month: 7, day: 10 };

/** An instant moved to the middle of its year, month or day (UTC), where a date of that precision is stored. */
export const partialDateMiddle = (at: Date | string, precision: DatePrecision) =>
  partialDateInstant(partialDateIso(at, precision))!;

/**
 * Whether a date of that precision has begun in the person's zone (today, this month and this year
 * count, a clock a little ahead allowed): a person in Auckland or Honolulu may date a result today.
 */
export const isPartialDateNotInFuture = (
  at: Date | string,
  precision: DatePrecision,
  timeZone: string,
  nowMs: number = Date.now(),
) => partialDateIso(at, precision) <= localDate(latestAllowedMs(nowMs), timeZone).slice(0, LENGTH[precision]);

/** The same without the zone: the date has begun somewhere on Earth (never refuses anyone's today). */
export const isPartialDateBegun = (at: Date | string, precision: DatePrecision, nowMs: number = Date.now()) =>
  isDateNotInFuture(`${partialDateIso(at, precision)}-01-01`.slice(0, 10), nowMs);

/** An instant, or the middle of a date of a precision (a lab result's, an entry's). */
export type Dated = { at: string; precision: DatePrecision | null };

/**
 * What a date typed or sent is stored as: a date without a time (`2026-03-15`, `2026-03`, `2026`) is
 * dated by its own precision at its middle; an instant given a precision (a record's month sent back)
 * is moved to the middle of it; else the instant itself, at a time of day.
 */
export const datedAsGiven = (at: string, precision: DatePrecision | null = null): Dated => {
  const own = datePrecisionOf(at) ?? precision;
  return own
    ? { at: partialDateInstant(at) ?? partialDateMiddle(at, own), precision: own }
    : { at, precision: null };
};

/**
 * Not in the future without the person's zone: a time of day by the instant, a date by whether it has
 * begun somewhere on Earth (what a request's own check can tell; the server then checks the zone).
 */
export const isDatedBegun = ({ at, precision }: Dated, nowMs: number = Date.now()) =>
  precision ? isPartialDateBegun(at, precision, nowMs) : isNotInFuture(at, nowMs);

/** Not in the future in the person's zone: a date may be today there (either end of the day line), not tomorrow. */
export const isDatedNotInFuture = ({ at, precision }: Dated, timeZone: string, nowMs: number = Date.now()) =>
  precision ? isPartialDateNotInFuture(at, precision, timeZone, nowMs) : isNotInFuture(at, nowMs);
