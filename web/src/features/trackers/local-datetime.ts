import { timeZoneOffsetMs, wallClockToEpochMs } from '@healthfolio/core/units/local-time';

/**
 * The log dialog's date-time field shows the wall clock of the profile's time zone (not the
 * browser's), so "now" and a saved entry read the same on every device.
 */
export const isoToLocalInput = (iso: string | number | Date, timeZone: string): string => {
  const ms = new Date(iso).getTime();
  return new Date(ms + timeZoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
};

export const nowLocalInput = (timeZone: string) => isoToLocalInput(Date.now(), timeZone);

/** "2025-03-30T08:15" in the zone → an ISO instant; null when the text is not a date-time. */
export const localInputToIso = (value: string, timeZone: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const wall = Date.parse(`${value.slice(0, 16)}:00Z`);
  if (!Number.isFinite(wall)) return null;
  return new Date(wallClockToEpochMs(wall, timeZone)).toISOString();
};
