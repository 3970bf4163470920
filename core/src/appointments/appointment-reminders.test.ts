import { describe, expect, it } from 'vitest';
import { appointmentStartWords, reminderPromise } from './appointment-reminders';

const now = new Date('2026-11-29T18:00:00Z');
const hoursAhead = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('what saving an appointment promises about reminders', () => {
  it('a visit days away: both reminders', () => {
    expect(reminderPromise(hoursAhead(72), now)).toBe('Reminders follow 24 hours and 1 hour before.');
  });
  it('a visit later today: only the one an hour before', () => {
    expect(reminderPromise(hoursAhead(5), now)).toBe('A reminder follows 1 hour before.');
  });
  it('a visit in the past or within the hour: no promise of reminders that will never come', () => {
    expect(reminderPromise(hoursAhead(-9 * 24), now)).toBeNull();
    expect(reminderPromise(hoursAhead(0.5), now)).toBeNull();
  });
});

describe('when a visit starts, in a reminder’s words', () => {
  it('names the weekday, month and day, and the time on a 12-hour clock, never an ISO date', () => {
    expect(appointmentStartWords('2026-11-29', '17:34')).toBe('Sun, Nov 29 at 5:34 PM');
    expect(appointmentStartWords('2027-01-04', '09:05')).toBe('Mon, Jan 4 at 9:05 AM');
    expect(appointmentStartWords('2027-01-04', '00:00:00')).toBe('Mon, Jan 4 at 12:00 AM');
  });
});
