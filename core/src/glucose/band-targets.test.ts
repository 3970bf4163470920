import { describe, expect, it } from 'vitest';
import { bandTargetMet, targetShare } from './band-targets';

// 100 readings: 95 × 120, 3 × 60, 2 × 45 mg/dL (walk report diabetes.md entry 3).
const small = { very_low: 2, low: 3, in_range: 95, high: 0, very_high: 0 };

describe('band targets', () => {
  it('judges the Low target on everything below 70, Urgent low included', () => {
    expect(targetShare('low', small)).toBe(5);
    expect(bandTargetMet('low', small)).toBe(false);
    expect(bandTargetMet('very_low', small)).toBe(false);
    expect(bandTargetMet('low', { very_low: 0, low: 3.9, in_range: 96.1, high: 0, very_high: 0 })).toBe(true);
  });

  it('judges the High target on everything above 180, Very high included', () => {
    const p = { very_low: 0, low: 0, in_range: 74, high: 20, very_high: 6 };
    expect(targetShare('high', p)).toBe(26);
    expect(bandTargetMet('high', p)).toBe(false);
    expect(bandTargetMet('very_high', p)).toBe(false);
    expect(bandTargetMet('in_range', p)).toBe(true);
  });

  it('reads the targets strictly: exactly 70% in range or exactly 4% below 70 is not met', () => {
    expect(bandTargetMet('in_range', { very_low: 0, low: 4, in_range: 70, high: 26, very_high: 0 })).toBe(
      false,
    );
    expect(bandTargetMet('low', { very_low: 1, low: 3, in_range: 96, high: 0, very_high: 0 })).toBe(false);
  });
});
