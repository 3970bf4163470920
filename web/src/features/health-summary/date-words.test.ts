import { describe, expect, it } from 'vitest';
import { dateWords } from './date-words';

describe('dateWords: a health summary date to the precision the record gave', () => {
  it.each([
    ['2019', '2019'],
    ['2019-03', 'Mar 2019'],
    ['2019-03-15', 'Mar 15, 2019'],
    // The day as written, never moved by a time zone.
    ['2019-03-15T23:30:00-05:00', 'Mar 15, 2019'],
    ['2019-03-15T00:30:00Z', 'Mar 15, 2019'],
  ])('%s is shown as %s', (raw, words) => {
    expect(dateWords(raw)).toBe(words);
  });

  it.each(['1000 mg tablet', '2019-ABC', 'Take 2 daily', ''])('%s is not a date', (raw) => {
    expect(dateWords(raw)).toBeNull();
  });
});
