/**
 * Mood, energy, stress and sleep quality are rated 1–5; pain intensity 1–10 (shown as "4/5", "6/10").
 * A module of its own, without the schemas, so a screen that only shows a rating loads no validation.
 */
export const MOOD_SCALE_MAX = 5;
export const PAIN_SCALE_MAX = 10;
