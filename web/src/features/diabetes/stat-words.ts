import { countOf } from '@healthfolio/core/text/count-words';

/** What the home stat cards are computed from: "last 24 readings", "last 1 reading". */
export const lastReadings = (n: number) => `last ${countOf(n, 'reading')}`;

/** The same, starting a sentence. */
export const LastReadings = (n: number) => `Last ${countOf(n, 'reading')}`;
