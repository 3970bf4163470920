import { aiGreeting, aiQuickQuestions } from '@healthfolio/core/ai/texts';
import type { Whose } from '@healthfolio/core/text/whose';

/**
 * The assistant's words around the conversation, for whose record it is: the account's own ("your"),
 * or the ward's while a guardian acts for them ("Mia’s"), as every other screen says it.
 */
export const assistantWords = (w: Whose) => ({
  greeting: aiGreeting(w),
  quickQuestions: aiQuickQuestions(w),
  placeholder: `Ask about ${w.your} health data…`,
  /** Under the widget's title while acting for a ward (the page has the "Acting for" band). */
  about: w.name ? `About ${w.your} health data` : null,
  noModel: `No language model is configured on this server. The built-in analyst answers from ${w.name ? w.your : 'your own'} figures (averages, time in range, streaks, adherence, patterns, appointments) and says when it cannot answer.`,
  loadError: `Could not load ${w.name ? 'the' : 'your'} earlier messages.`,
});

export type AssistantWords = ReturnType<typeof assistantWords>;
