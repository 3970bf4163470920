import { GLUCOSE_LEVEL_LINES_MGDL } from '@healthfolio/core/glucose/levels';

// Okabe–Ito: vermilion for the low limits (54, 70), orange for the high ones (180, 250).
const VERMILION = '#D55E00';
const ORANGE = '#E69F00';

/** The colour of a level line on every glucose chart; the axis tick beside it gives its number. */
export const levelLineColour = (mgdl: number) => (mgdl < GLUCOSE_LEVEL_LINES_MGDL.high ? VERMILION : ORANGE);
