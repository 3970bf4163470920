/** Dates and times in a given zone (the profile's) and the browser's locale; one cached formatter per zone and style. */
const cache = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
};

export const formatDate = (iso: string, timeZone: string) =>
  formatter(timeZone, { dateStyle: 'medium' }).format(new Date(iso));
export const formatTime = (iso: string, timeZone: string) =>
  formatter(timeZone, { timeStyle: 'short' }).format(new Date(iso));
export const formatDateTime = (iso: string, timeZone: string) =>
  formatter(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const formatShortDate = (iso: string, timeZone: string) =>
  formatter(timeZone, { month: 'short', day: 'numeric' }).format(new Date(iso));
/** A calendar date (YYYY-MM-DD, no time, no zone) in the same style as formatDate: "Nov 29, 2026". */
export const formatCalendarDate = (ymd: string) =>
  formatter('UTC', { dateStyle: 'medium' }).format(new Date(`${ymd}T00:00:00Z`));
