/**
 * The rule of 15: 15 g of fast-acting carbohydrate, then re-check in 15 minutes. Its own module (no
 * imports) so the level words (levels.ts) reach every screen without the dosing rules and zod.
 */
export const TREAT_LOW_CARBS_GRAMS = 15;
export const RECHECK_AFTER_MINUTES = 15;
