import type { DoseResponse } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { canAct, doseActionContext } from './dose-status';

const now = Date.parse('2026-11-29T18:00:00Z');
const dose = (dueDate: string, status: DoseResponse['status'] = 'pending') =>
  ({ id: 'd', dueDate, status, metadata: {} }) as unknown as DoseResponse;

describe('Taken and Skip on a dose', () => {
  it('are offered for a dose already due and one due within the hour', () => {
    expect(canAct(dose('2026-11-29T13:00:00Z', 'overdue'), now)).toBe(true);
    expect(canAct(dose('2026-11-29T18:45:00Z'), now)).toBe(true);
  });

  it('are not offered for a dose due later, such as tomorrow’s, nor for one already answered', () => {
    expect(canAct(dose('2026-11-29T19:30:00Z'), now)).toBe(false);
    expect(canAct(dose('2026-11-30T13:00:00Z'), now)).toBe(false);
    expect(canAct(dose('2026-11-29T13:00:00Z', 'taken'), now)).toBe(false);
    expect(canAct(dose('2026-11-29T13:00:00Z', 'skipped'), now)).toBe(false);
  });
});

describe('the names of a dose’s buttons', () => {
  it('say the date as well as the time, so each day’s buttons differ', () => {
    const at = (dueDate: string) =>
      doseActionContext(
        { ...dose(dueDate), medicationName: 'Metformin', dosage: '500 mg' },
        'America/New_York',
      );
    expect(at('2026-11-30T13:00:00Z')).toMatch(/^, Metformin 500 mg at 8:00\sAM on Nov 30, 2026$/);
    expect(at('2026-12-01T13:00:00Z')).not.toBe(at('2026-11-30T13:00:00Z'));
  });
});
