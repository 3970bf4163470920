import { describe, expect, it } from 'vitest';
import { isDoseMarkable } from './dose-timing';
import { MedicationScheduleUpdateRequest } from './medication-schedule-edit';

describe('a change to a medication schedule', () => {
  it('leaves the fields it does not name as they are, and clears one sent empty', () => {
    expect(MedicationScheduleUpdateRequest.parse({ dosage: ' 20 mg ' })).toEqual({ dosage: '20 mg' });
    expect(MedicationScheduleUpdateRequest.parse({ endDate: '', prescriber: null })).toEqual({
      endDate: null,
      prescriber: null,
    });
  });

  it('must change something, and never the start date', () => {
    expect(MedicationScheduleUpdateRequest.safeParse({}).success).toBe(false);
    expect(MedicationScheduleUpdateRequest.safeParse({ startDate: '2026-01-01' }).success).toBe(false);
  });
});

describe('when a dose can be marked', () => {
  const now = Date.parse('2026-11-29T18:00:00Z');
  it('from an hour before it is due, and any time after', () => {
    expect(isDoseMarkable('2026-11-29T19:00:00Z', now)).toBe(true);
    expect(isDoseMarkable('2026-11-20T08:00:00Z', now)).toBe(true);
    expect(isDoseMarkable('2026-11-29T19:01:00Z', now)).toBe(false);
    expect(isDoseMarkable('2026-11-30T13:00:00Z', now)).toBe(false);
  });
});
