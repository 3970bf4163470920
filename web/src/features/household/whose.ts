import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { type ActingView, possessive } from './household-shell';

/**
 * Whose data a sentence speaks of: "your" for the account's own record, the person's name while
 * acting for a ward ("Mia’s glucose at a glance"), so a guardian never reads a child's figures as theirs.
 */
export const whoseWords = (acting: Pick<ActingView, 'ward' | 'person'> | null) => {
  const name = acting?.ward ? possessive(acting.person.displayName) : null;
  return { Your: name ?? 'Your', your: name ?? 'your' };
};

export const useWhose = () => whoseWords(useDashboardContext().acting);
