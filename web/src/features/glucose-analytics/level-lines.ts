import { GLUCOSE_LEVEL_LINES_MGDL } from '@healthfolio/core/glucose/levels';

// Okabe–Ito: vermilion for the low limits (54, the range's low end), orange for the high ones.
const VERMILION = '#D55E00';
const ORANGE = '#E69F00';

/**
 * The colour of a level line on every glucose chart; the axis tick beside it gives its number. A
 * line of core's glucoseChartScale says whether it is a high one (a person's range may end below 180).
 */
export const levelLineColour = (line: { mgdl: number; high?: boolean }) =>
  (line.high ?? line.mgdl >= GLUCOSE_LEVEL_LINES_MGDL.high) ? ORANGE : VERMILION;
