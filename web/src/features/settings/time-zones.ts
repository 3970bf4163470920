import { zonePlace, zoneWords } from '@healthfolio/core/text/zone-words';
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

/** The regions of the tz database's names, as people say them. */
const REGION_WORDS: Record<string, string> = {
  Africa: 'Africa',
  America: 'Americas',
  Antarctica: 'Antarctica',
  Arctic: 'Arctic',
  Asia: 'Asia',
  Atlantic: 'Atlantic',
  Australia: 'Australia',
  Europe: 'Europe',
  Indian: 'Indian Ocean',
  Pacific: 'Pacific',
};

export interface ZoneGroup {
  /** "Americas"; "Other" for a zone without a region ("UTC"). */
  label: string;
  /** Each zone in words ("Eastern Time (New York)"), never its id; the id is the value saved. */
  zones: { value: string; label: string }[];
}

/**
 * The picker's zones in words (zoneWords), grouped by region and in the order of their places, so a
 * person finds their zone by their city: "Americas" → "Eastern Time (New York)".
 */
export const zoneGroups = (zones: string[]): ZoneGroup[] => {
  const groups = new Map<string, { value: string; label: string; place: string }[]>();
  for (const value of zones) {
    const region = value.includes('/') ? (REGION_WORDS[value.split('/')[0]!] ?? 'Other') : 'Other';
    const place = zonePlace(value);
    groups.set(region, [...(groups.get(region) ?? []), { value, label: zoneWords(value), place }]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === 'Other' ? -1 : b === 'Other' ? 1 : a.localeCompare(b)))
    .map(([label, list]) => ({
      label,
      zones: list
        .sort((a, b) => a.place.localeCompare(b.place))
        .map(({ value, label: words }) => ({ value, label: words })),
    }));
};
