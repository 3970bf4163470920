import { describe, expect, it } from 'vitest';
import { formatDateTime } from './admin-format';

const expected = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

describe('admin times', () => {
  it('show in the zone of the admin’s profile, whatever zone the browser is in', () => {
    const iso = '2026-03-01T23:30:00Z';
    // Auckland is 13 hours ahead in March: the next day there, whatever zone runs the test.
    expect(formatDateTime(iso, 'Pacific/Auckland')).toBe(expected(iso, 'Pacific/Auckland'));
    expect(formatDateTime(iso, 'America/Los_Angeles')).toBe(expected(iso, 'America/Los_Angeles'));
  });
});
