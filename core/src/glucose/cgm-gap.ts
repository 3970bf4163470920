/**
 * Two CGM readings further apart than this have a gap between them (a sensor change, a signal loss):
 * what glucose did in it is not known, so no line is drawn across it and nothing is measured across it.
 */
export const CGM_GAP_MINUTES = 30;

/** Whether the time between two readings (epoch ms, in order) is a gap in the data. */
export const isCgmGap = (fromMs: number, toMs: number) => toMs - fromMs > CGM_GAP_MINUTES * 60_000;
