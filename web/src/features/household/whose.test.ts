import { describe, expect, it } from 'vitest';
import { whoseRecord } from './whose';

const person = (displayName: string) => ({ id: 'p1', displayName }) as never;

describe('whose record a screen speaks of', () => {
  it('says "your" for the account’s own record and the ward’s name while acting for them', () => {
    for (const own of [null, { ward: false, person: person('Alex') }]) {
      const w = whoseRecord(own);
      expect([w.Your, w.your, w.You, w.you, w.verb('have', 'has')]).toEqual([
        'Your',
        'your',
        'You',
        'you',
        'have',
      ]);
    }
    const mia = whoseRecord({ ward: true, person: person('Mia') });
    expect([mia.Your, mia.your, mia.You, mia.you, mia.verb('have', 'has')]).toEqual([
      'Mia’s',
      'Mia’s',
      'Mia',
      'Mia',
      'has',
    ]);
    expect(whoseRecord({ ward: true, person: person('James') }).Your).toBe('James’');
  });
});
