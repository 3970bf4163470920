import { describe, expect, it } from 'vitest';
import { whose } from '../text/whose';
import { achievementDescription } from './achievement-words';
import { ACHIEVEMENTS } from './achievements';

describe('what an achievement asks for, for whose record it is', () => {
  it('asks for your first entry on your own record, and for the ward’s while a guardian acts for her', () => {
    expect(ACHIEVEMENTS.find((a) => a.id === 'first_log')?.description).toBe('Log your first entry');
    expect(achievementDescription('first_log')).toBe('Log your first entry');
    expect(achievementDescription('first_log', whose('Mia'))).toBe('Log Mia’s first entry');
    expect(achievementDescription('century_club', whose('Mia'))).toBe('Log 100 entries');
    expect(achievementDescription('not_one_we_know', whose('Mia'))).toBeUndefined();
  });
});
