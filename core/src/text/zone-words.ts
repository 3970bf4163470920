/**
 * A time zone in words, never its IANA id, the same on every screen and printed page: "Eastern Time
 * (New York)" for America/New_York; the place alone where the runtime has no general name for the zone
 * ("GMT+1" is no name a reader knows). Zod-free, for light web chunks.
 */

/** The zone's place: "New York", "Buenos Aires", "UTC". */
export const zonePlace = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');

export const zoneWords = (timeZone: string) => {
  const place = zonePlace(timeZone);
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return place;
  }
  return name && !/^GMT/.test(name) && name !== place ? `${name} (${place})` : place;
};
