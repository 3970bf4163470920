import { describe, expect, it } from 'vitest';
import { whoseWords } from './whose';

const person = (displayName: string) => ({ id: 'p1', displayName }) as never;

describe('whose data a sentence speaks of', () => {
  it('says "your" for the account’s own record and the ward’s name while acting for them', () => {
    expect(whoseWords(null)).toEqual({ Your: 'Your', your: 'your' });
    expect(whoseWords({ ward: false, person: person('Alex') })).toEqual({ Your: 'Your', your: 'your' });
    expect(whoseWords({ ward: true, person: person('Mia') })).toEqual({ Your: 'Mia’s', your: 'Mia’s' });
    expect(whoseWords({ ward: true, person: person('James') }).Your).toBe('James’');
  });
});
