const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A server time in the user's zone and locale, or a dash when there is none. */
export const when = (iso: string | null | undefined, none = '—') =>
  iso ? dateTime.format(new Date(iso)) : none;

/** Terra's provider codes read as names: FREESTYLELIBRE → Freestylelibre, GOOGLEFIT → Googlefit. */
export const providerName = (code: string) => code.charAt(0) + code.slice(1).toLowerCase();
