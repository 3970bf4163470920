import { OWN_RECORD, type Whose } from '../text/whose';
import type { AchievementId } from './achievements';

/** What each achievement asks for, for whose record it is (the account's own unless told). */
export const ACHIEVEMENT_DESCRIPTIONS: Record<AchievementId, (w?: Whose) => string> = {
  first_log: (w = OWN_RECORD) => `Log ${w.your} first entry`,
  week_streak: () => 'Log entries 7 days in a row',
  month_streak: () => 'Log entries 30 days in a row',
  // Days, not entries: fifty entries in one afternoon is not consistency.
  consistency_king: () => 'Log entries on 50 different days',
  century_club: () => 'Log 100 entries',
};

/**
 * What an achievement asks for, for whose record it is: "Log your first entry", or "Log Mia’s first
 * entry" while a guardian acts for Mia. Undefined for an id this version does not know. Zod-free.
 */
export const achievementDescription = (id: string, w: Whose = OWN_RECORD): string | undefined =>
  Object.hasOwn(ACHIEVEMENT_DESCRIPTIONS, id) ? ACHIEVEMENT_DESCRIPTIONS[id as AchievementId](w) : undefined;
