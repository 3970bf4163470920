import { countOf } from '@healthfolio/core/text/count-words';

/** What the home stat cards are computed from: "last 24 readings", "last 1 reading". */
export const lastReadings = (n: number) => `last ${countOf(n, 'reading')}`;

/** The same, starting a sentence. */
export const LastReadings = (n: number) => `Last ${countOf(n, 'reading')}`;

/** Readings older than this show their day too: "Nov 3, 2026, 2:05 PM", never a bare time. */
const TIME_ONLY_MS = 12 * 3_600_000;

/** When the current reading was taken: its time when recent, its date and time when older. */
export const readingWhen = (
  at: string,
  nowMs: number,
  fmt: { time: (at: string) => string; dateTime: (at: string) => string },
) => (nowMs - Date.parse(at) <= TIME_ONLY_MS ? fmt.time(at) : fmt.dateTime(at));
