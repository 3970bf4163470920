import { describe, expect, it } from 'vitest';
import { inQuietHours, QuietHours } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('holds a span crossing midnight in the device’s own time zone, end excluded', () => {
    const q = { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' };
    expect(inQuietHours(q, at('2026-11-28T20:59:00Z'))).toBe(false); // 21:59 in Paris
    expect(inQuietHours(q, at('2026-11-28T21:00:00Z'))).toBe(true); // 22:00
    expect(inQuietHours(q, at('2026-11-29T05:59:00Z'))).toBe(true); // 06:59
    expect(inQuietHours(q, at('2026-11-29T06:00:00Z'))).toBe(false); // 07:00
  });

  it('holds a daytime span, and nothing when unset or empty', () => {
    const q = { start: '13:00', end: '14:30', timeZone: 'UTC' };
    expect(inQuietHours(q, at('2026-11-28T13:45:00Z'))).toBe(true);
    expect(inQuietHours(q, at('2026-11-28T14:30:00Z'))).toBe(false);
    expect(inQuietHours(null, at('2026-11-28T13:45:00Z'))).toBe(false);
    expect(inQuietHours({ ...q, end: '13:00' }, at('2026-11-28T13:45:00Z'))).toBe(false);
  });

  it('refuses a time or a time zone that is not one', () => {
    expect(QuietHours.safeParse({ start: '24:00', end: '07:00', timeZone: 'UTC' }).success).toBe(false);
    expect(QuietHours.safeParse({ start: '22:00', end: '07:00', timeZone: 'Mars/Base' }).success).toBe(false);
  });
});
