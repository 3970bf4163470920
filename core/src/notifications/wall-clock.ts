import { z } from 'zod';
import { createLocalToUtc } from '../glucose/import/local-to-utc';
import { MS_PER_DAY, MS_PER_MINUTE } from '../units/local-time';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const YMD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const isCalendarDate = (s: string) => {
  if (!YMD.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date on the user's wall clock, YYYY-MM-DD (what a date input gives). */
export const LocalDate = z.string().refine(isCalendarDate, { message: 'Enter a date as YYYY-MM-DD' });
/** A wall-clock time, HH:MM in 24 hours (what a time input gives). */
export const LocalTime = z.string().regex(HHMM, 'Enter a time as HH:MM (24-hour)');

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumberOf = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / MS_PER_DAY;
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A wall-clock date and time in an IANA zone as a UTC instant. A time in a spring-forward gap moves
 * forward by the gap; one in a fall-back overlap is its first occurrence (see createLocalToUtc).
 */
export const wallClockToUtc = (date: string, time: string, timeZone: string): Date =>
  new Date(createLocalToUtc(timeZone)(dayNumberOf(date) * MS_PER_DAY + minutesOf(time) * MS_PER_MINUTE));
