/**
 * Local calendar time in an IANA time zone without a date library. Health rules (streak days,
 * "night" hours, AGP bins) are about the user's wall clock, not UTC.
 */

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

/** An instant as a Date, an ISO 8601 string or epoch milliseconds (the fast path). */
export type Instant = Date | string | number;

/** An instant as epoch milliseconds; throws on an unparseable value so bad data is never silently dropped. */
export function toEpochMs(at: Instant): number {
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

/**
 * Converts many instants to local wall-clock milliseconds quickly. Intl is slow (microseconds a
 * call), so offsets are looked up at the edges of UTC-day buckets only; a bucket whose two edges agree has
 * no transition inside (no zone changes its offset twice within a day). A bucket with a DST change is
 * resolved by 15-minute sub-buckets, and only the sub-bucket holding the change asks Intl per
 * instant. A year of 5-minute CGM data costs about 370 Intl calls instead of 105,000.
 */
export function createLocalClock(timeZone: string): (epochMs: number) => number {
  const edgeOffsets = new Map<number, number>();
  const offsetAtEdge = (ms: number): number => {
    let offset = edgeOffsets.get(ms);
    if (offset === undefined) {
      offset = timeZoneOffsetMs(ms, timeZone);
      edgeOffsets.set(ms, offset);
    }
    return offset;
  };
  const bucketCaches = [new Map<number, number>(), new Map<number, number>()];
  const bucketSizes = [MS_PER_DAY, 15 * MS_PER_MINUTE];
  // NaN marks a bucket with a transition inside.
  const bucketOffset = (level: number, epochMs: number): number => {
    const size = bucketSizes[level] as number;
    const cache = bucketCaches[level] as Map<number, number>;
    const bucket = Math.floor(epochMs / size);
    let offset = cache.get(bucket);
    if (offset === undefined) {
      const start = offsetAtEdge(bucket * size);
      offset = start === offsetAtEdge((bucket + 1) * size) ? start : Number.NaN;
      cache.set(bucket, offset);
    }
    return offset;
  };
  let lastBucket = Number.NaN;
  let lastOffset = Number.NaN;
  return (epochMs: number): number => {
    // Readings usually come in time order: most calls hit the previous bucket.
    const coarse = Math.floor(epochMs / MS_PER_DAY);
    if (coarse === lastBucket) return epochMs + lastOffset;
    const offset = bucketOffset(0, epochMs);
    if (!Number.isNaN(offset)) {
      lastBucket = coarse;
      lastOffset = offset;
      return epochMs + offset;
    }
    const fine = bucketOffset(1, epochMs);
    return epochMs + (Number.isNaN(fine) ? timeZoneOffsetMs(epochMs, timeZone) : fine);
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

/** A YYYY-MM-DD date as a day number (the inverse of `dayNumberToDate`). */
export function dateToDayNumber(ymd: string): number {
  return Math.round(Date.parse(`${ymd}T00:00:00Z`) / MS_PER_DAY);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Instant, timeZone: string): string {
  const ms = toEpochMs(at);
  return dayNumberToDate(localDayNumber(ms + timeZoneOffsetMs(ms, timeZone)));
}

/** YYYY-MM-DD `days` calendar days after (or before) another. */
export function addCalendarDays(ymd: string, days: number): string {
  return dayNumberToDate(dateToDayNumber(ymd) + days);
}

/**
 * The instant a time zone's wall clock shows `wallMs` (a wall-clock time written as if it were UTC):
 * the offset at the guessed instant, then again at the corrected one, so it is right across DST changes.
 */
export function wallClockToEpochMs(wallMs: number, timeZone: string): number {
  const guess = wallMs - timeZoneOffsetMs(wallMs, timeZone);
  return wallMs - timeZoneOffsetMs(guess, timeZone);
}

/** The instant a calendar day (YYYY-MM-DD) starts on a time zone's wall clock, as ISO. */
export function localDayStart(ymd: string, timeZone: string): string {
  return new Date(wallClockToEpochMs(Date.parse(`${ymd}T00:00:00Z`), timeZone)).toISOString();
}
