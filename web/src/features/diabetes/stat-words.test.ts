import { describe, expect, it } from 'vitest';
import { LastReadings, lastReadings, readingWhen } from './stat-words';

describe('the home stat cards’ words', () => {
  it('count the readings with a proper plural', () => {
    expect(lastReadings(1)).toBe('last 1 reading');
    expect(LastReadings(1)).toBe('Last 1 reading');
    expect(lastReadings(24)).toBe('last 24 readings');
    expect(LastReadings(2)).toBe('Last 2 readings');
  });

  it('give an old current reading its date, so a reading of last week is not read as today’s', () => {
    const fmt = { time: (at: string) => `time ${at}`, dateTime: (at: string) => `date and time ${at}` };
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(readingWhen('2026-11-30T11:55:00Z', now, fmt)).toBe('time 2026-11-30T11:55:00Z');
    expect(readingWhen('2026-11-23T11:55:00Z', now, fmt)).toBe('date and time 2026-11-23T11:55:00Z');
  });
});
