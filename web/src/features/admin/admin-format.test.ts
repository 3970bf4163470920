import { describe, expect, it } from 'vitest';
import { formatDateTime, healthCheckText, mailStatusText } from './admin-format';

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

describe('a health check’s words', () => {
  it('give when a fault began in the admin’s zone, never as a raw timestamp', () => {
    const check = {
      name: 'Reminder scheduler',
      ok: false,
      detail: '2 reminders overdue',
      since: '2026-03-01T23:30:00.000Z',
    };
    const text = healthCheckText(check, 'Pacific/Auckland');
    expect(text).toBe(`2 reminders overdue since ${expected(check.since, 'Pacific/Auckland')}`);
    expect(text).not.toContain('2026-03-01T');
  });

  it('are the detail alone when there is no time to give', () => {
    expect(healthCheckText({ name: 'Database', ok: true, detail: 'Answering' }, 'UTC')).toBe('Answering');
  });
});

describe('the outbox', () => {
  it('says where each message stands in words, never the stored value', () => {
    expect(['sent', 'outbox', 'failed', 'queued'].map(mailStatusText)).toEqual([
      'Sent',
      'Kept in the outbox, not sent',
      'Could not be sent',
      'Status unknown',
    ]);
  });
});
