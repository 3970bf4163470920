import type { EntryResponse, EntryUpdateRequest } from '@healthfolio/core';
import { recordDay } from '@healthfolio/core/units/date-precision';
import { localInputToIso } from './local-datetime';

/**
 * An entry its record dated only by day (month, year) is edited with a date field and an empty time
 * field, never a time nobody entered. Left as it is, it keeps its date only; a time entered makes it a
 * timed entry (as does a new date, which needs a time: the server keeps a date only as imported).
 */
export const isDateOnly = (entry?: EntryResponse) => !!entry?.occurredPrecision;

/** The date field's day for such an entry: the one its record gave, not moved by a zone. */
export const dateOnlyDay = (entry: EntryResponse) =>
  recordDay(entry.occurredAt, entry.occurredPrecision, 'UTC');

/**
 * The instant the dialog's fields give: their date and time in the zone; the entry's own stored
 * date when they leave a date-only entry as it was; '' (refused as missing) for a date alone otherwise.
 */
export const occurredAtOf = (
  v: { occurredAt: string; occurredTime: string },
  timeZone: string,
  entry?: EntryResponse,
) => {
  if (!entry || !isDateOnly(entry) || v.occurredAt.includes('T'))
    return localInputToIso(v.occurredAt, timeZone) ?? '';
  if (v.occurredTime) return localInputToIso(`${v.occurredAt}T${v.occurredTime}`, timeZone) ?? '';
  return v.occurredAt === dateOnlyDay(entry) ? entry.occurredAt : '';
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
