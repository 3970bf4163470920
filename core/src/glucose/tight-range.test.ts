import { describe, expect, it } from 'vitest';
import { percentInTightRange } from './tight-range';

describe('time in tight range (70–140 mg/dL)', () => {
  it('counts both edges in and the values just outside out', () => {
    expect(percentInTightRange([69, 70, 140, 141])).toBe(50);
    expect(percentInTightRange([69.9, 140.1])).toBe(0);
  });

  it('is part of time in range: a value of 160 is in range but not in tight range', () => {
    expect(percentInTightRange([100, 160, 120, 200])).toBe(50);
  });

  it('has no figure without readings', () => {
    expect(percentInTightRange([])).toBeNull();
  });
});
