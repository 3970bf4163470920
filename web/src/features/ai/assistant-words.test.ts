import { AI_QUICK_QUESTIONS, AI_TEXTS } from '@healthfolio/core/ai/texts';
import { describe, expect, it } from 'vitest';
import { whoseRecord } from '@/features/household/whose';
import { assistantWords } from './assistant-words';

const person = (displayName: string) => ({ id: 'p1', displayName }) as never;

describe('the assistant’s words for whose record it is', () => {
  it('speaks of "your" data for the account’s own record, in the spec’s words', () => {
    const own = assistantWords(whoseRecord({ ward: false, person: person('Alex') }));
    expect(own.greeting).toBe(AI_TEXTS.greeting);
    expect(own.quickQuestions).toEqual(AI_QUICK_QUESTIONS);
    expect(own.placeholder).toBe('Ask about your health data…');
    expect(own.about).toBeNull();
    expect(own.noModel).toContain('answers from your own figures');
  });

  it('names the ward in every label while a guardian acts for them', () => {
    const mia = assistantWords(whoseRecord({ ward: true, person: person('Mia') }));
    expect(mia.greeting).toBe(
      "Hello! I'm your AI health assistant. Ask me about Mia’s readings, trends and logs. I'm not a doctor: for medical decisions, talk to Mia’s care team.",
    );
    expect(mia.quickQuestions[0]).toBe('What was Mia’s average glucose this week?');
    expect(mia.placeholder).toBe('Ask about Mia’s health data…');
    expect(mia.about).toBe('About Mia’s health data');
    expect(mia.noModel).toContain('answers from Mia’s figures');
    expect(mia.loadError).toBe('Could not load the earlier messages.');
    for (const words of [mia.placeholder, mia.noModel, ...mia.quickQuestions])
      expect(words).not.toMatch(/\b(my|your|I)\b/);
  });
});
