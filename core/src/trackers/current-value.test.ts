import { describe, expect, it } from 'vitest';
import { currentValueWords, isCurrent } from './current-value';

const NOW = Date.parse('2026-03-20T09:00:00Z');

describe('a current value', () => {
  it('is current, with its date, only when taken in the last 30 days', () => {
    expect(
      currentValueWords({ text: '80 kg', at: '2026-03-02T07:30:00Z', date: 'Mar 2, 2026' }, NOW, 'None'),
    ).toEqual({ value: '80 kg', detail: 'Measured on Mar 2, 2026' });
    expect(isCurrent('2026-02-18T09:00:00Z', NOW)).toBe(true);
    expect(isCurrent('2026-02-18T08:59:59Z', NOW)).toBe(false);
  });

  it('tells an old value as the latest with its date, never as the current one', () => {
    expect(
      currentValueWords({ text: '80 kg', at: '2012-05-12T12:00:00Z', date: 'May 12, 2012' }, NOW, 'None'),
    ).toEqual({ value: '—', detail: 'Nothing in the last 30 days. Latest: 80 kg on May 12, 2012' });
    expect(
      currentValueWords(
        { text: '80 kg', at: '2012-07-01T12:00:00Z', date: '2012', partial: true },
        NOW,
        'None',
      ).detail,
    ).toBe('Nothing in the last 30 days. Latest: 80 kg in 2012');
  });

  it('says what the card says when there is none', () => {
    expect(currentValueWords(null, NOW, 'No weight logged yet')).toEqual({
      value: '—',
      detail: 'No weight logged yet',
    });
  });
});
