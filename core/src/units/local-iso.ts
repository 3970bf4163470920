import { type Instant, MS_PER_MINUTE, timeZoneOffsetMs, toEpochMs } from './local-time';

/**
 * An instant as ISO 8601 in the zone's wall-clock time with its offset (`2026-03-29T03:30:00+02:00`),
 * as CSV exports write times: to the second, the offset in force at that instant.
 */
export function localIsoWithOffset(at: Instant, timeZone: string): string {
  const ms = Math.floor(toEpochMs(at) / 1000) * 1000;
  const offsetMs = timeZoneOffsetMs(ms, timeZone);
  const wall = new Date(ms + offsetMs).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offsetMs) / MS_PER_MINUTE);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${wall}${offsetMs < 0 ? '-' : '+'}${hh}:${mm}`;
}
