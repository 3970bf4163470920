import { describe, expect, it } from 'vitest';
import { possessive, whose, whoseFor } from './whose';

describe('whose record a sentence speaks of', () => {
  it('says "your" for the account’s own record and the ward’s name while acting for them', () => {
    const own = whose(null);
    expect([own.Your, own.your, own.You, own.you, own.verb('have', 'has')]).toEqual([
      'Your',
      'your',
      'You',
      'you',
      'have',
    ]);
    const mia = whose(' Mia ');
    expect([mia.Your, mia.your, mia.You, mia.you, mia.verb('have', 'has')]).toEqual([
      'Mia’s',
      'Mia’s',
      'Mia',
      'Mia',
      'has',
    ]);
    expect(whose('').name).toBeNull();
    expect(possessive('James')).toBe('James’');
  });
});

describe('whose record a request for a ward speaks of', () => {
  it('names the ward by the household’s name for them, else their account’s; the account’s own without one', () => {
    expect(whoseFor(null, 'Alex').Your).toBe('Your');
    expect(whoseFor({ name: 'Mia' }, 'Mia Rose').Your).toBe('Mia Rose’s');
    expect(whoseFor({ name: 'Mia' }, null).Your).toBe('Mia’s');
    expect(whoseFor({ name: 'Mia' }, '  ').your).toBe('Mia’s');
  });
});
