import { type DatePrecision, partialDateInstant, partialDateIso } from './date-precision';
import { localDate } from './local-time';
import { isDateNotInFuture, latestAllowedMs } from './not-in-future';

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
