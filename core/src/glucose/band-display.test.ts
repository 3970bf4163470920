import { describe, expect, it } from 'vitest';
import { percentText, timeInRangeFigures } from './band-display';
import { bandTargetMet } from './band-targets';
import { GLUCOSE_BAND_IDS, type GlucoseBandValues } from './bands';

const percentages = (c: GlucoseBandValues) => {
  const n = GLUCOSE_BAND_IDS.reduce((s, id) => s + c[id], 0);
  return Object.fromEntries(GLUCOSE_BAND_IDS.map((id) => [id, (100 * c[id]) / n])) as GlucoseBandValues;
};

describe('timeInRangeFigures', () => {
  it('shows 9 urgent lows and 8 very highs in 2152 readings as "<1%", never "1%" beside "under 1% · met" nor 0%', () => {
    const counts = { very_low: 9, low: 20, in_range: 2000, high: 115, very_high: 8 };
    const f = timeInRangeFigures(counts);
    expect(f.bands).toEqual({ very_low: '<1%', low: '1%', in_range: '93%', high: '5%', very_high: '<1%' });
    expect(bandTargetMet('very_low', percentages(counts))).toBe(true);
    expect(f.below70).toBe('1%');
    expect(f.above180).toBe('6%');
  });

  it('keeps the whole-number bands adding up to 100 where no band needs "<1%"', () => {
    const f = timeInRangeFigures({ very_low: 2, low: 3, in_range: 95, high: 0, very_high: 0 });
    expect(f.bands).toEqual({ very_low: '2%', low: '3%', in_range: '95%', high: '0%', very_high: '0%' });
    expect(f.below70).toBe('5%');
    expect(f.above180).toBe('0%');
  });

  it('never rounds a met share across its target', () => {
    // 4.7% very high: largest remainder gives it 5, beside "under 5% · met".
    expect(
      timeInRangeFigures({ very_low: 0, low: 0, in_range: 850, high: 103, very_high: 47 }).bands.very_high,
    ).toBe('<5%');
    // 70.3% in range: largest remainder leaves it at 70, beside "over 70% · met".
    expect(
      timeInRangeFigures({ very_low: 0, low: 0, in_range: 703, high: 297, very_high: 0 }).bands.in_range,
    ).toBe('>70%');
    // 3.6% below 70 in total rounds to 4, beside "under 4% · met".
    expect(timeInRangeFigures({ very_low: 0, low: 36, in_range: 964, high: 0, very_high: 0 }).below70).toBe(
      '<4%',
    );
  });

  it('does not show 100% while some readings are out of range', () => {
    expect(
      timeInRangeFigures({ very_low: 4, low: 0, in_range: 996, high: 0, very_high: 0 }).bands,
    ).toMatchObject({
      very_low: '<1%',
      in_range: '>99%',
    });
  });
});

describe('percentText', () => {
  it('keeps a rounded figure that does not contradict its target', () => {
    expect(percentText(4.3, 4, { comparison: 'less_than', percent: 4 })).toBe('4%');
    expect(percentText(69.6, 70, { comparison: 'greater_than', percent: 70 })).toBe('70%');
    expect(percentText(0, 0, { comparison: 'less_than', percent: 1 })).toBe('0%');
    expect(percentText(100, 100)).toBe('100%');
  });
});
