/**
 * A "Current …" card (the weight tracker's Current Weight): the latest measurement is current only
 * when it is recent, and its date is always shown. An older one (a weight of 2012 from an imported
 * record) is told as the latest, with its date, never as the current one.
 */
export const CURRENT_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whether a measurement taken at `at` (ISO) is recent enough at `now` (epoch ms) to call current. */
export const isCurrent = (at: string, now: number) => {
  const t = Date.parse(at);
  return Number.isFinite(t) && now - t <= CURRENT_DAYS * DAY_MS;
};

export interface LatestValue {
  /** The value in words ("80 kg"). */
  text: string;
  /** When it was taken (ISO), the instant or the middle of the day, month or year its record gave. */
  at: string;
  /** Its date in words, as the screen writes dates ("May 12, 2012", or "2012" for a year only). */
  date: string;
  /** Dated only by month or year: "in May 2012", not "on". */
  partial?: boolean;
}

/** The card's big value and its line below: the latest value with its date, or a dash when it is old. */
export const currentValueWords = (latest: LatestValue | null, now: number, none: string) => {
  if (!latest) return { value: '—', detail: none };
  const when = `${latest.partial ? 'in' : 'on'} ${latest.date}`;
  if (isCurrent(latest.at, now)) return { value: latest.text, detail: `Measured ${when}` };
  return {
    value: '—',
    detail: `Nothing in the last ${CURRENT_DAYS} days. Latest: ${latest.text} ${when}`,
  };
};
