import type { EntryResponse, EntryUpdateRequest } from '@healthfolio/core';
import { recordDay } from '@healthfolio/core/units/date-precision';
import { localInputToIso } from './local-datetime';

/**
 * An entry dated only by day (month, year) is edited with a date field and an empty time field, never
 * a time nobody entered. Left as it is, it keeps its date only; a new date alone is dated by that day;
 * a time entered makes it a timed entry.
 */
export const isDateOnly = (entry?: EntryResponse) => !!entry?.occurredPrecision;

/** Dated by its record only by month or year: no day is shown that the record did not give. */
export const isMonthOrYearOnly = (entry?: EntryResponse) =>
  entry?.occurredPrecision === 'month' || entry?.occurredPrecision === 'year';

/** The date field's day for such an entry: the one its record gave, not moved by a zone; none for a month or year. */
export const dateOnlyDay = (entry: EntryResponse) =>
  isMonthOrYearOnly(entry) ? '' : recordDay(entry.occurredAt, entry.occurredPrecision, 'UTC');

/**
 * What the dialog's fields give: their date and time in the zone as an instant; for a date-only entry,
 * its own stored date when they leave it as it was, else the date alone (`2026-03-15`, dated by that
 * day) or the date and time entered. '' (refused as missing) for a time without a date.
 */
export const occurredAtOf = (
  v: { occurredAt: string; occurredTime: string },
  timeZone: string,
  entry?: EntryResponse,
) => {
  if (!entry || !isDateOnly(entry) || v.occurredAt.includes('T'))
    return localInputToIso(v.occurredAt, timeZone) ?? '';
  const { occurredAt: day, occurredTime: time } = v;
  // A month or year left without a day stays as the record gave it.
  if (!day) return isMonthOrYearOnly(entry) && !time ? entry.occurredAt : '';
  if (time) return localInputToIso(`${day}T${time}`, timeZone) ?? '';
  return day === dateOnlyDay(entry) ? entry.occurredAt : day;
};

/** The edit sent: a date-only entry left as it was sends no time, so it keeps its precision. */
export const editBody = (
  entry: EntryResponse,
  payload: { occurredAt: string; notes?: string; data: Record<string, unknown> },
): EntryUpdateRequest => ({
  ...(isDateOnly(entry) && payload.occurredAt === entry.occurredAt ? {} : { occurredAt: payload.occurredAt }),
  notes: payload.notes ?? null,
  data: payload.data,
});
