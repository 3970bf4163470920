/** Canonical glucose bounds in mg/dL for a logged reading (what meters can display). No imports: the
 * calculator's screen uses them without the entry schemas (and zod). */
export const GLUCOSE_LOG_MIN_MGDL = 20;
export const GLUCOSE_LOG_MAX_MGDL = 600;
