import { describe, expect, it } from 'vitest';
import { LastReadings, lastReadings } from './stat-words';

describe('the home stat cards’ words', () => {
  it('count the readings with a proper plural', () => {
    expect(lastReadings(1)).toBe('last 1 reading');
    expect(LastReadings(1)).toBe('Last 1 reading');
    expect(lastReadings(24)).toBe('last 24 readings');
    expect(LastReadings(2)).toBe('Last 2 readings');
  });
});
