/**
 * Local calendar time in an IANA time zone without a date library. Health rules (streak days,
 * "night" hours, AGP bins) are about the user's wall clock, not UTC.
 */

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

/** An instant as epoch milliseconds; throws on an unparseable value so bad data is never silently dropped. */
export function toEpochMs(at: Date | string | number): number {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(at)}`);
  return ms;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of the zone's wall clock from UTC at an instant (e.g. +9 h for Asia/Tokyo), in ms. */
export function timeZoneOffsetMs(epochMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  // The formatter drops milliseconds, so compare against the instant floored to the second.
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** Length of the cache buckets; an offset found equal at both ends of a bucket holds inside it. */
const BUCKET_MS = 15 * MS_PER_MINUTE;

/**
 * Converts many instants to local wall-clock milliseconds quickly: Intl is consulted once per
 * 15-minute bucket (and per instant only inside a bucket that holds a DST change), which keeps a
 * year of 5-minute CGM data far below the analytics budget.
 */
export function createLocalClock(timeZone: string): (epochMs: number) => number {
  const cache = new Map<number, number>();
  return (epochMs: number): number => {
    const bucket = Math.floor(epochMs / BUCKET_MS);
    let offset = cache.get(bucket);
    if (offset === undefined) {
      const start = timeZoneOffsetMs(bucket * BUCKET_MS, timeZone);
      const end = timeZoneOffsetMs((bucket + 1) * BUCKET_MS - 1, timeZone);
      // NaN marks a bucket with a transition inside: resolve each instant exactly.
      offset = start === end ? start : Number.NaN;
      cache.set(bucket, offset);
    }
    return epochMs + (Number.isNaN(offset) ? timeZoneOffsetMs(epochMs, timeZone) : offset);
  };
}

/** Days since 1970-01-01 of the local calendar date; consecutive local dates differ by exactly 1. */
export function localDayNumber(localMs: number): number {
  return Math.floor(localMs / MS_PER_DAY);
}

/** Hour of the local day, 0–23. */
export function localHour(localMs: number): number {
  return Math.floor((((localMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_HOUR);
}

/** Minute of the local day, 0–1439. */
export function localMinuteOfDay(localMs: number): number {
  return Math.floor((((localMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_MINUTE);
}

/** A local day number as YYYY-MM-DD. */
export function dayNumberToDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date | string | number, timeZone: string): string {
  const ms = toEpochMs(at);
  return dayNumberToDate(localDayNumber(ms + timeZoneOffsetMs(ms, timeZone)));
}
