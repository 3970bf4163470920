import { describe, expect, it } from 'vitest';
import { variabilityLabel } from './variability';

describe('variabilityLabel', () => {
  it('reads CV under 36% as Low, under 42% as Moderate, else High, at the exact boundaries', () => {
    expect(variabilityLabel(0)).toBe('Low');
    expect(variabilityLabel(35.99)).toBe('Low');
    expect(variabilityLabel(36)).toBe('Moderate');
    expect(variabilityLabel(41.99)).toBe('Moderate');
    expect(variabilityLabel(42)).toBe('High');
    expect(variabilityLabel(80)).toBe('High');
  });
});
