import type { EntryResponse } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { initialValues } from './log-form';
import { defaultWeightUnit } from './weight-progress';

const weighed = (weight: number, weightUnit: string): EntryResponse => ({
  id: '00000000-0000-4000-8000-000000000000',
  tracker: 'weight',
  title: 'Weight',
  occurredAt: '2026-11-29T15:08:00Z',
  notes: null,
  data: { weight, weightUnit },
  createdAt: '2026-11-29T15:08:00Z',
  updatedAt: '2026-11-29T15:08:00Z',
});

/** The unit the Log Weight form opens with, for a person with this goal and last weight. */
const opensWith = (goal: Parameters<typeof defaultWeightUnit>[0], latest: EntryResponse | null) =>
  initialValues('Europe/Berlin', 'mmol/L', undefined, defaultWeightUnit(goal, latest)).weightUnit;

describe('the unit a new weight starts in', () => {
  it('is the unit of the last weight logged (24.5 kg logged: kg next time)', () => {
    expect(opensWith(null, weighed(24.5, 'kg'))).toBe('kg');
    expect(opensWith(null, weighed(170, 'lbs'))).toBe('lbs');
  });

  it('follows the profile’s weight goal unit before the last entry', () => {
    expect(opensWith({ value: 70, unit: 'kg' }, weighed(170, 'lbs'))).toBe('kg');
    expect(opensWith({ value: 150, unit: 'lbs' }, weighed(70, 'kg'))).toBe('lbs');
  });

  it('is lbs for someone who has neither', () => {
    expect(opensWith(null, null)).toBe('lbs');
  });

  it('editing an entry keeps that entry’s own unit', () => {
    const values = initialValues('UTC', 'mg/dL', weighed(70, 'kg'), 'lbs');
    expect([values.weight, values.weightUnit]).toEqual(['70', 'kg']);
  });
});
