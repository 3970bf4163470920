import { timeZonesNames } from '@vvo/tzdb';

/** The browser's name for a zone: Chromium's ICU still answers "Asia/Calcutta" for "Asia/Kolkata". */
const icuName = (zone: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/**
 * The zone list for the profile: today's IANA names (tzdb: "Asia/Kolkata", "Europe/Kyiv"), not the
 * outdated ones the browser's own list carries ("Asia/Calcutta", "Asia/Saigon"), and the profile's
 * zone under its current name (a profile saved with an old name shows, and is saved, with the new).
 */
export const zoneChoices = (current: string) => {
  const usable = timeZonesNames.filter((z) => icuName(z) !== null);
  const same = icuName(current);
  const value = usable.includes(current) ? current : (usable.find((z) => icuName(z) === same) ?? current);
  return { zones: usable.includes(value) ? usable : [value, ...usable], value };
};
