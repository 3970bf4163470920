import type { EntryResponse } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { entryLine } from './health-metrics.service';

const weight = (occurredAt: string, occurredPrecision: EntryResponse['occurredPrecision']) =>
  ({
    id: '00000000-0000-4000-8000-000000000000',
    tracker: 'weight',
    title: 'Weight',
    occurredAt,
    occurredPrecision,
    notes: null,
    data: { weight: 80, weightUnit: 'kg' },
    createdAt: occurredAt,
    updatedAt: occurredAt,
  }) as EntryResponse;

describe('the assistant’s line for an entry', () => {
  it('gives one its record dated only by day or month that date, no time of day made up', () => {
    // Noon UTC is the next day in Auckland: a made-up time would move the weight by a day.
    expect(entryLine(weight('2019-03-14T12:00:00.000Z', 'day'), 'Pacific/Auckland')).toBe(
      '- 2019-03-14 Weight: weight=80, weightUnit=kg',
    );
    expect(entryLine(weight('2019-03-15T12:00:00.000Z', 'month'), 'Pacific/Auckland')).toMatch(
      /^- 2019-03 Weight/,
    );
    expect(entryLine(weight('2019-03-14T12:00:00.000Z', null), 'Pacific/Auckland')).toMatch(
      /^- 2019-03-15,? 01:00 Weight/,
    );
  });
});
