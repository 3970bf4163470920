const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A calendar date (YYYY-MM-DD) in the browser's locale; no zone shift, it is a date, not an instant. */
export const formatDay = (ymd: string, style: 'medium' | 'short' = 'medium') => {
  let f = dateFormats.get(style);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { dateStyle: style, timeZone: 'UTC' });
    dateFormats.set(style, f);
  }
  return f.format(new Date(`${ymd}T00:00:00Z`));
};

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
