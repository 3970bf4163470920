import { type Whose, whose } from '@healthfolio/core/text/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import type { ActingView } from './household-shell';

export type { Whose };

/**
 * Whose record the screen shows (core's rule, text/whose.ts): the account's own ("your weight",
 * "You have no results"), or the ward's while acting for them, named ("Mia’s weight", "Mia has no
 * results"), so a guardian never reads a child's figures as theirs. Account-level screens (settings,
 * security, sign-in) are the guardian's own and do not use it.
 */
export const whoseRecord = (acting: Pick<ActingView, 'ward' | 'person'> | null): Whose =>
  whose(acting?.ward ? acting.person.displayName : null);

/** Whose record the dashboard screen on show speaks of. */
export const useWhose = () => whoseRecord(useDashboardContext().acting);
