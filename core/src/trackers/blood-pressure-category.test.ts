import { describe, expect, it } from 'vitest';
import { bloodPressureCategory } from './blood-pressure-category';

describe('ACC/AHA blood pressure categories', () => {
  it.each([
    [119, 79, 'normal'],
    [120, 79, 'elevated'],
    [129, 79, 'elevated'],
    [130, 70, 'stage-1'],
    [118, 80, 'stage-1'],
    [139, 89, 'stage-1'],
    [140, 85, 'stage-2'],
    [125, 90, 'stage-2'],
    [179, 119, 'stage-2'],
    [180, 100, 'crisis'],
    [150, 120, 'crisis'],
  ] as const)('%i/%i mmHg → %s', (sys, dia, category) =>
    expect(bloodPressureCategory(sys, dia)).toBe(category),
  );
});
