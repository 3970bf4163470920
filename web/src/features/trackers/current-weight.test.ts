import type { EntryResponse } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { currentWeight } from './weight-progress';

const weighed = (occurredAt: string, occurredPrecision: EntryResponse['occurredPrecision'] = null) =>
  ({
    id: '00000000-0000-4000-8000-000000000000',
    tracker: 'weight',
    title: 'Weight',
    occurredAt,
    occurredPrecision,
    notes: null,
    data: { weight: 80, weightUnit: 'kg' },
    createdAt: '2026-03-01T08:00:00Z',
    updatedAt: '2026-03-01T08:00:00Z',
  }) as EntryResponse;

const NOW = Date.parse('2026-03-20T09:00:00Z');

describe('the Current Weight card', () => {
  it('shows a recent weight with its day', () => {
    expect(currentWeight(weighed('2026-03-18T07:30:00Z'), 'UTC', NOW)).toEqual({
      value: '80.0 kg',
      detail: 'Measured on Mar 18, 2026',
    });
  });

  it('does not call a weight imported from 2012 current, and gives its date', () => {
    expect(currentWeight(weighed('2012-05-12T12:00:00Z', 'day'), 'America/Chicago', NOW)).toEqual({
      value: '—',
      detail: 'Nothing in the last 30 days. Latest: 80.0 kg on May 12, 2012',
    });
  });

  it('says none was logged when there is none', () => {
    expect(currentWeight(null, 'UTC', NOW)).toEqual({ value: '—', detail: 'No weight logged yet' });
  });
});
