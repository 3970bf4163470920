import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './ics';

/** Unfolded content lines of one VEVENT (RFC 5545 §3.1), nested components kept in order. */
const eventLinesOf = (ics: string) => {
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  return lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
};

const event = {
  uid: 'a1@healthfolio',
  sequence: 2,
  stamp: new Date('2025-06-01T10:00:00Z'),
  start: new Date('2025-07-01T13:00:00Z'),
  end: new Date('2025-07-01T13:30:00Z'),
  summary: 'Endocrinology appointment with Dr. Chen, MD',
  description: 'Reason: A1C; review\nBring: meter',
  location: 'Clinic 4, Main St',
  url: 'https://meet.example.com/abc?x=1,2',
  cancelled: false,
};

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines in text values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('ends every line with CRLF, times in UTC, and keeps URIs unescaped', () => {
    const ics = buildCalendar([event], { name: 'Healthfolio appointments' });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20250701T130000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20250701T133000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Endocrinology appointment with Dr. Chen\\, MD\r\n');
    expect(ics).toContain('\r\nDESCRIPTION:Reason: A1C\\; review\\nBring: meter\r\n');
    expect(ics).toContain('\r\nURL:https://meet.example.com/abc?x=1,2\r\n');
    expect(ics).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  });

  it('gives a visit without an end time a length, and an end time wins when there is one', () => {
    const open = eventLinesOf(buildCalendar([{ ...event, end: null }]));
    // RFC 5545 §3.6.1: DTSTART alone is a zero-length event; DTEND and DURATION never both.
    expect(open.filter((l) => /^(DTEND|DURATION)[:;]/.test(l))).toEqual(['DURATION:PT30M']);
    const closed = eventLinesOf(buildCalendar([event]));
    expect(closed.filter((l) => /^(DTEND|DURATION)[:;]/.test(l))).toEqual(['DTEND:20250701T133000Z']);
  });

  it('rings the app’s reminders as calendar alarms, and none for a cancelled visit', () => {
    const alarms = [
      { beforeMs: 24 * 3_600_000, description: 'Appointment tomorrow: Dr. Chen, MD' },
      { beforeMs: 3_600_000, description: 'Appointment in 1 hour: Dr. Chen, MD' },
    ];
    const lines = eventLinesOf(buildCalendar([{ ...event, alarms }]));
    const start = lines.indexOf('BEGIN:VALARM');
    expect(lines.slice(start, -1)).toEqual([
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Appointment tomorrow: Dr. Chen\\, MD',
      'TRIGGER;RELATED=START:-PT24H',
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Appointment in 1 hour: Dr. Chen\\, MD',
      'TRIGGER;RELATED=START:-PT1H',
      'END:VALARM',
    ]);
    expect(lines.at(-1)).toBe('END:VEVENT');
    const cancelled = buildCalendar([{ ...event, alarms, cancelled: true }]);
    expect(cancelled).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(cancelled).not.toContain('VALARM');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('cannot be broken out of by a line break in any field', () => {
    const ics = buildCalendar([{ ...event, summary: 'x\r\nBEGIN:VEVENT', url: 'https://a.example/\r\nX:1' }]);
    expect(ics.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);
    expect(ics).not.toMatch(/^X:1/m);
  });
});
