import type { EntryResponse } from '@healthfolio/core';
import { EntryCreateRequest } from '@healthfolio/core/trackers/entry.schema';
import { describe, expect, it } from 'vitest';
import { editBody } from './date-only-when';
import { initialValues, toPayload } from './log-form';

const weight = (
  occurredAt: string,
  occurredPrecision: EntryResponse['occurredPrecision'],
): EntryResponse => ({
  id: '00000000-0000-4000-8000-000000000000',
  tracker: 'weight',
  title: 'Weight',
  occurredAt,
  occurredPrecision,
  notes: null,
  data: { weight: 80, weightUnit: 'kg' },
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
});

// An imported weight its record dated by its day alone, stored at noon UTC of that day.
const dayOnly = weight('2019-03-14T12:00:00.000Z', 'day');
// Twelve hours and more ahead of UTC, where noon UTC is already the evening.
const zone = 'Pacific/Auckland';
const edited = (entry: EntryResponse, change: object = {}) => {
  const values = { ...initialValues(zone, 'mg/dL', entry), ...change };
  return editBody(entry, toPayload('weight', values, 'mg/dL', zone, entry));
};

describe('editing an entry its record dated only by its day', () => {
  it('shows that day and no time', () => {
    const values = initialValues(zone, 'mg/dL', dayOnly);
    expect(values.occurredAt).toBe('2019-03-14');
    expect(values.occurredTime).toBe('');
  });

  it('sends no time when the date is left as it was, so the entry keeps its date only', () => {
    const body = edited(dayOnly, { weight: '81' });
    expect(body).not.toHaveProperty('occurredAt');
    expect(body.data).toMatchObject({ weight: 81 });
  });

  it('becomes a timed entry when a time is entered, on the day shown', () => {
    expect(edited(dayOnly, { occurredTime: '08:30' }).occurredAt).toBe('2019-03-13T19:30:00.000Z');
    expect(edited(dayOnly, { occurredAt: '2019-03-12', occurredTime: '08:30' }).occurredAt).toBe(
      '2019-03-11T19:30:00.000Z',
    );
  });

  it('sends a new date alone, which the form takes, so the entry is dated by that day', () => {
    const values = { ...initialValues(zone, 'mg/dL', dayOnly), occurredAt: '2019-03-12' };
    const payload = toPayload('weight', values, 'mg/dL', zone, dayOnly);
    expect(EntryCreateRequest.safeParse(payload).success).toBe(true);
    expect(editBody(dayOnly, payload).occurredAt).toBe('2019-03-12');
  });

  it('needs a date (a time alone, or nothing, is refused as missing)', () => {
    expect(edited(dayOnly, { occurredAt: '' }).occurredAt).toBe('');
    expect(edited(dayOnly, { occurredAt: '', occurredTime: '08:30' }).occurredAt).toBe('');
  });
});

describe('editing an entry its record dated only by its month or year', () => {
  const monthOnly = weight('2019-03-15T12:00:00.000Z', 'month');
  const yearOnly = weight('2019-07-01T12:00:00.000Z', 'year');

  it('shows no day the record did not give', () => {
    expect(initialValues(zone, 'mg/dL', monthOnly).occurredAt).toBe('');
    expect(initialValues(zone, 'mg/dL', yearOnly).occurredAt).toBe('');
  });

  it('keeps the month or year when no full date is set', () => {
    expect(edited(monthOnly, { weight: '81' })).not.toHaveProperty('occurredAt');
    expect(edited(yearOnly, { notes: 'Clinic visit' })).not.toHaveProperty('occurredAt');
  });

  it('sends the full date set, alone or with a time', () => {
    expect(edited(monthOnly, { occurredAt: '2019-03-02' }).occurredAt).toBe('2019-03-02');
    expect(edited(yearOnly, { occurredAt: '2019-05-20', occurredTime: '08:30' }).occurredAt).toBe(
      '2019-05-19T20:30:00.000Z',
    );
  });
});

describe('editing a timed entry', () => {
  it('shows its date and time in the zone and sends them', () => {
    const timed = weight('2019-03-14T12:00:00.000Z', null);
    expect(initialValues(zone, 'mg/dL', timed).occurredAt).toBe('2019-03-15T01:00');
    expect(edited(timed).occurredAt).toBe('2019-03-14T12:00:00.000Z');
  });
});
